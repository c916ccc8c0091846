//! The glTF document: parsed and validated by the glTF library, after the references its
//! validator indexes without checking (a primitive's attributes) have been checked here, and
//! with any panic of the library turned into a [`SceneError`] as a last resort.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use crate::error::SceneError;

/// Runs a call into the glTF library, turning a panic into [`SceneError::Malformed`].
pub(super) fn guarded<T>(
    origin: &Path,
    what: &str,
    f: impl FnOnce() -> T,
) -> Result<T, SceneError> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| {
        let msg = p
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        SceneError::Malformed {
            file: origin.to_owned(),
            at: what.to_owned(),
            rule: format!("the glTF library panicked on this input: {msg}"),
        }
    })
}

/// Parses and validates the JSON glTF `json` (a `.gltf` file or a GLB's JSON chunk).
pub(super) fn document(json: &[u8], origin: &Path) -> Result<gltf::Document, SceneError> {
    let decode = |e: gltf::Error| SceneError::Decode {
        file: origin.to_owned(),
        message: e.to_string(),
    };
    let parsed = guarded(origin, "glTF JSON", || {
        gltf::Gltf::from_slice_without_validation(json)
    })?
    .map_err(decode)?;
    let root = parsed.document.into_json();
    check_attributes(&root, origin)?;
    guarded(origin, "glTF validation", || {
        gltf::Document::from_json(root)
    })?
    .map_err(decode)
}

/// Every primitive attribute and index names an existing accessor.
fn check_attributes(root: &gltf::json::Root, origin: &Path) -> Result<(), SceneError> {
    let n = root.accessors.len();
    for (m, mesh) in root.meshes.iter().enumerate() {
        for (p, prim) in mesh.primitives.iter().enumerate() {
            let named = prim
                .attributes
                .iter()
                .map(|(sem, idx)| (sem.to_string(), idx.value()))
                .chain(prim.indices.map(|i| ("indices".to_owned(), i.value())));
            for (what, idx) in named {
                if idx >= n {
                    return Err(SceneError::Malformed {
                        file: origin.to_owned(),
                        at: format!("meshes[{m}].primitives[{p}]"),
                        rule: format!("{what} names accessor {idx}, but there are {n} accessors"),
                    });
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::error::SceneError;

    #[test]
    fn a_panic_of_the_library_becomes_an_error() {
        let r: Result<(), _> = super::guarded(Path::new("m.glb"), "glTF JSON", || panic!("boom"));
        match r {
            Err(SceneError::Malformed { file, at, rule }) => {
                assert_eq!(file, Path::new("m.glb"));
                assert_eq!(at, "glTF JSON");
                assert_eq!(rule, "the glTF library panicked on this input: boom");
            }
            other => panic!("expected Malformed, got {other:?}"),
        }
    }
}
