//! Loading a scene file: parse, check the header, read the files it names.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use image::DynamicImage;

use crate::error::SceneError;
use crate::format::{ElementType, SceneFile};
use crate::input::{InputPolicy, base_of, decode_image_counted, read_file};
use crate::jsonpath::path_at;
use crate::shaders::{ShaderOverride, StageShader};
use crate::sniff::{describe_binary, json_kind, magic_kind};

/// A loaded scene, ready to render any number of times.
#[derive(Clone, Debug)]
pub struct Scene {
    /// The parsed file.
    pub file: SceneFile,
    /// The file it came from (used in error messages; relative paths resolve against its folder).
    pub source: PathBuf,
    /// Decoded images of textures with a `file` source (and of embedded model textures).
    pub(crate) images: BTreeMap<String, Arc<DynamicImage>>,
    /// Buffer contents, by name.
    pub(crate) buffers: BTreeMap<String, Vec<u8>>,
    /// The limits its file references were read under.
    pub(crate) policy: InputPolicy,
    /// Shaders to create instead of the built-ins ([`Scene::with_shader_override`]).
    pub(crate) shader_override: Option<ShaderOverride>,
    /// The scene's WGSL shaders, compiled at load, by `shaders` name.
    pub(crate) wgsl: BTreeMap<String, StageShader>,
}

impl Scene {
    /// Loads a scene JSON file with the default [`InputPolicy`].
    pub fn load(path: impl AsRef<Path>) -> Result<Self, SceneError> {
        Self::load_with(path, &InputPolicy::default())
    }

    /// Loads a scene JSON file; it and the buffer and image files it names are read under
    /// `policy` (references must stay in the scene's folder unless the policy allows otherwise).
    pub fn load_with(path: impl AsRef<Path>, policy: &InputPolicy) -> Result<Self, SceneError> {
        let path = path.as_ref();
        let bytes = read_file(path, None, policy)?;
        let text = String::from_utf8(bytes).map_err(|e| {
            not_a_scene(
                path,
                format!(
                    "a .json scene is UTF-8 JSON; {} (models are chosen by extension: .gltf, .glb, .ply)",
                    describe_binary(e.as_bytes())
                ),
            )
        })?;
        Self::from_str_at_with(&text, path, policy)
    }

    /// Parses scene JSON `text` as if read from `path` (which names it in errors and anchors
    /// relative file paths).
    pub fn from_str_at(text: &str, path: impl AsRef<Path>) -> Result<Self, SceneError> {
        Self::from_str_at_with(text, path, &InputPolicy::default())
    }

    /// [`Scene::from_str_at`] with the files the scene names read under `policy`.
    pub fn from_str_at_with(
        text: &str,
        path: impl AsRef<Path>,
        policy: &InputPolicy,
    ) -> Result<Self, SceneError> {
        let path = path.as_ref();
        if text.trim().is_empty() {
            return Err(SceneError::Decode {
                file: path.to_owned(),
                message: format!("the file is empty; {A_SCENE_IS}"),
            });
        }
        let file: SceneFile = serde_json::from_str(text).map_err(|e| {
            wrong_kind(text, path).unwrap_or_else(|| SceneError::Parse {
                file: path.to_owned(),
                line: e.line(),
                column: e.column(),
                json_path: path_at(text, e.line(), e.column()),
                message: e
                    .to_string()
                    .split(" at line ")
                    .next()
                    .unwrap_or("")
                    .to_owned(),
            })
        })?;
        let invalid = |json_path: &str, message: String| SceneError::Invalid {
            file: path.to_owned(),
            json_path: json_path.to_owned(),
            message,
        };
        if file.format != "tessera-scene" {
            return Err(invalid(
                "format",
                format!("expected \"tessera-scene\", found {:?}", file.format),
            ));
        }
        if file.version != 1 {
            return Err(invalid(
                "version",
                format!(
                    "unsupported version {} (this build reads version 1)",
                    file.version
                ),
            ));
        }
        Self::from_file_with(file, path, policy)
    }

    /// Builds a scene from an already-parsed file (reads the buffer and image files it names).
    pub fn from_file(file: SceneFile, path: &Path) -> Result<Self, SceneError> {
        Self::from_file_with(file, path, &InputPolicy::default())
    }

    /// [`Scene::from_file`] with the files the scene names read under `policy`.
    pub fn from_file_with(
        file: SceneFile,
        path: &Path,
        policy: &InputPolicy,
    ) -> Result<Self, SceneError> {
        let mut scene = Self::empty(file, path);
        scene.policy = policy.clone();
        scene.load_data()?;
        Ok(scene)
    }

    pub(crate) fn empty(file: SceneFile, path: &Path) -> Self {
        Self {
            file,
            source: path.to_owned(),
            images: BTreeMap::new(),
            buffers: BTreeMap::new(),
            policy: InputPolicy::default(),
            shader_override: None,
            wgsl: BTreeMap::new(),
        }
    }

    /// This scene with its built-in shaders replaced where `o` returns a shader.
    pub fn with_shader_override(mut self, o: ShaderOverride) -> Self {
        self.shader_override = Some(o);
        self
    }

    pub(crate) fn finish_load(&mut self) -> Result<(), SceneError> {
        self.load_data()
    }

    /// An [`SceneError::Invalid`] of this scene at `json_path`.
    pub(crate) fn invalid(&self, json_path: String, message: impl Into<String>) -> SceneError {
        SceneError::Invalid {
            file: self.source.clone(),
            json_path,
            message: message.into(),
        }
    }

    /// Checks a render-target size (the file's or a render override): 1..=16384 each way.
    pub(crate) fn check_size(&self, w: u32, h: u32) -> Result<(), SceneError> {
        if w == 0 || h == 0 || w > 16384 || h > 16384 {
            return Err(self.invalid("size".into(), format!("size {w}x{h} is outside 1..=16384")));
        }
        Ok(())
    }

    /// The folder file references resolve against.
    pub(crate) fn base(&self) -> PathBuf {
        base_of(&self.source)
    }

    pub(crate) fn resolve(&self, rel: &str) -> PathBuf {
        self.base().join(rel)
    }

    fn load_data(&mut self) -> Result<(), SceneError> {
        let [w, h] = self.file.size;
        self.check_size(w, h)?;
        for (name, spec) in &self.file.buffers {
            let p = format!("buffers.{name}");
            let bytes = match (&spec.data, &spec.file) {
                (None, None) if let Some(n) = spec.zeros => {
                    if n > MAX_ZERO_BYTES {
                        return Err(self.invalid(
                            format!("{p}.zeros"),
                            format!("{n} bytes is past the {MAX_ZERO_BYTES}-byte limit"),
                        ));
                    }
                    vec![0; n as usize]
                }
                (Some(data), None) if spec.zeros.is_none() => {
                    let Some(ty) = spec.element else {
                        return Err(self.invalid(
                            p,
                            "inline data needs \"type\" (f32, u32, i32, u16, i16, u8, i8)",
                        ));
                    };
                    encode(ty, data).map_err(|m| self.invalid(format!("{p}.data"), m))?
                }
                (None, Some(file)) if spec.zeros.is_none() => {
                    read_file(&self.resolve(file), Some(&self.base()), &self.policy)?
                }
                _ => {
                    return Err(
                        self.invalid(p, "give exactly one of \"data\", \"file\" or \"zeros\"")
                    );
                }
            };
            if bytes.is_empty() {
                return Err(self.invalid(format!("buffers.{name}"), "empty buffer"));
            }
            self.buffers.insert(name.clone(), bytes);
        }
        let mut image_bytes = 0;
        for (name, spec) in &self.file.textures {
            let sources = usize::from(spec.file.is_some())
                + usize::from(spec.checkerboard.is_some())
                + usize::from(spec.gradient.is_some())
                + usize::from(spec.solid.is_some());
            if sources != 1 && !self.images.contains_key(name) {
                return Err(self.invalid(
                    format!("textures.{name}"),
                    "give exactly one source: file, checkerboard, gradient or solid",
                ));
            }
            if let Some(file) = &spec.file {
                if self.images.contains_key(name) {
                    continue;
                }
                let fp = self.resolve(file);
                let bytes = read_file(&fp, Some(&self.base()), &self.policy)?;
                let img = decode_image_counted(&bytes, &fp, &self.policy, &mut image_bytes)?;
                self.images.insert(name.clone(), Arc::new(img));
            }
        }
        self.compile_wgsl()
    }

    /// Adds a decoded image as the source of texture `name` (model loaders use this).
    pub(crate) fn with_image(mut self, name: &str, img: DynamicImage) -> Self {
        self.images.insert(name.to_owned(), Arc::new(img));
        self
    }
}

/// What a scene file is, for the messages of [`wrong_kind`] and the empty file.
/// The largest zero-filled buffer a scene may ask for (`"zeros"`): 64 MiB.
const MAX_ZERO_BYTES: u32 = 64 << 20;

const A_SCENE_IS: &str =
    "a scene is a JSON object with \"format\": \"tessera-scene\" (docs/scene-format.md)";

/// `FILE: not a scene file: {why}`.
fn not_a_scene(path: &Path, why: String) -> SceneError {
    SceneError::Decode {
        file: path.to_owned(),
        message: format!("not a scene file: {why}"),
    }
}

/// The error for scene text that failed to parse because it is another kind of file (a PLY
/// header, a glTF or rastbench JSON, a JSON array), or `None` to report the parse error.
fn wrong_kind(text: &str, path: &Path) -> Option<SceneError> {
    if let Some(kind) = magic_kind(text.as_bytes()) {
        return Some(not_a_scene(
            path,
            format!(
                "this file starts with {kind} bytes (models are chosen by extension: .gltf, .glb, .ply)"
            ),
        ));
    }
    let kind = json_kind(text)?;
    let hint = if kind.starts_with("it is a glTF") {
        "name it .gltf to render it as a model"
    } else if kind.starts_with("the top level") {
        A_SCENE_IS
    } else {
        return (!kind.starts_with("it is a tessera scene")).then(|| not_a_scene(path, kind));
    };
    Some(not_a_scene(path, format!("{kind}; {hint}")))
}

fn encode(ty: ElementType, data: &[f64]) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(data.len() * 4);
    for (i, &v) in data.iter().enumerate() {
        let int = |lo: f64, hi: f64| -> Result<i64, String> {
            if v.fract() != 0.0 || v < lo || v > hi || !v.is_finite() {
                Err(format!("element {i} ({v}) is not a {ty:?} value"))
            } else {
                Ok(v as i64)
            }
        };
        match ty {
            ElementType::F32 => out.extend_from_slice(&(v as f32).to_le_bytes()),
            ElementType::U32 => {
                out.extend_from_slice(&(int(0.0, u32::MAX as f64)? as u32).to_le_bytes());
            }
            ElementType::I32 => {
                out.extend_from_slice(
                    &(int(i32::MIN as f64, i32::MAX as f64)? as i32).to_le_bytes(),
                );
            }
            ElementType::U16 => {
                out.extend_from_slice(&(int(0.0, u16::MAX as f64)? as u16).to_le_bytes());
            }
            ElementType::I16 => {
                out.extend_from_slice(
                    &(int(i16::MIN as f64, i16::MAX as f64)? as i16).to_le_bytes(),
                );
            }
            ElementType::U8 => out.push(int(0.0, 255.0)? as u8),
            ElementType::I8 => out.push(int(-128.0, 127.0)? as i8 as u8),
        }
    }
    Ok(out)
}
