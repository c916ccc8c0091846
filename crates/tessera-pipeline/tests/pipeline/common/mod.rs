//! Shared helpers: draw triangles given in pixel coordinates into small targets.

#![allow(
    dead_code,
    reason = "shared by several test binaries, each using a part of it"
)]

use tessera_format::{Format, SurfaceMut};
use tessera_pipeline::builtin::{TransformVs, VertexColorPs};
use tessera_pipeline::{
    DrawArgs, DrawState, DrawStats, InputLayout, PixelShader, ShaderEnv, Targets,
    VertexBufferBinding,
};
use tessera_types::{
    BlendDesc, CullMode, DepthStencilDesc, InputElementDesc, PrimitiveTopology, RasterizerDesc,
    Viewport,
};

/// A vertex: pixel-space position (x, y), depth z, and a colour.
#[derive(Clone, Copy, Debug)]
pub struct V {
    pub x: f32,
    pub y: f32,
    pub z: f32,
    pub color: [f32; 4],
}

pub fn v(x: f32, y: f32, color: [f32; 4]) -> V {
    V {
        x,
        y,
        z: 0.5,
        color,
    }
}

/// Everything a test may vary.
pub struct Setup {
    pub width: u32,
    pub height: u32,
    pub format: Format,
    pub rasterizer: RasterizerDesc,
    pub blend: BlendDesc,
    pub depth_stencil: DepthStencilDesc,
    pub topology: PrimitiveTopology,
    pub viewport: Option<Viewport>,
}

impl Setup {
    pub fn new(width: u32, height: u32) -> Self {
        Self {
            width,
            height,
            format: Format::R8G8B8A8Unorm,
            rasterizer: RasterizerDesc {
                cull_mode: CullMode::None,
                ..Default::default()
            },
            blend: BlendDesc::default(),
            depth_stencil: DepthStencilDesc {
                depth_enable: false,
                depth_write: false,
                ..Default::default()
            },
            topology: PrimitiveTopology::TriangleList,
            viewport: None,
        }
    }
}

/// Clip-space bytes for vertices given in pixel space of a `w`×`h` full-target viewport.
pub fn vertex_bytes(verts: &[V], w: u32, h: u32) -> Vec<u8> {
    let mut out = Vec::new();
    for v in verts {
        let x = v.x / w as f32 * 2.0 - 1.0;
        let y = 1.0 - v.y / h as f32 * 2.0;
        for f in [x, y, v.z, 1.0].iter().chain(v.color.iter()) {
            out.extend_from_slice(&f.to_le_bytes());
        }
    }
    out
}

pub fn layout() -> InputLayout {
    let e = |name: &str, format, offset| InputElementDesc {
        semantic_name: name.into(),
        semantic_index: 0,
        format,
        input_slot: 0,
        aligned_byte_offset: offset,
        input_slot_class: Default::default(),
        instance_data_step_rate: 0,
    };
    InputLayout::new(&[
        e("POSITION", Format::R32G32B32A32Float, 0),
        e("COLOR", Format::R32G32B32A32Float, 16),
    ])
    .unwrap()
}

/// Draws `verts` (non-indexed) into `target` (initial bytes) with the vertex-colour shader.
pub fn draw_into(
    setup: &Setup,
    target: &mut [u8],
    verts: &[V],
    ps: Option<&dyn PixelShader>,
) -> DrawStats {
    let bytes = vertex_bytes(verts, setup.width, setup.height);
    let vbs = [VertexBufferBinding {
        data: &bytes,
        stride: 32,
        offset: 0,
    }];
    let layout = layout();
    let vs = TransformVs { varyings: 1 };
    let default_ps = VertexColorPs;
    let env = ShaderEnv::default();
    let vp = setup.viewport.unwrap_or(Viewport {
        top_left_x: 0.0,
        top_left_y: 0.0,
        width: setup.width as f32,
        height: setup.height as f32,
        min_depth: 0.0,
        max_depth: 1.0,
    });
    let viewports = [vp];
    let state = DrawState {
        topology: setup.topology,
        input_layout: &layout,
        vertex_buffers: &vbs,
        index_buffer: None,
        vertex_shader: &vs,
        pixel_shader: Some(ps.unwrap_or(&default_ps)),
        vs_env: &env,
        ps_env: &env,
        rasterizer: setup.rasterizer,
        depth_stencil: setup.depth_stencil,
        stencil_ref: 0,
        blend: setup.blend,
        blend_factor: [1.0; 4],
        sample_mask: u32::MAX,
        viewports: &viewports,
        scissors: &[],
        repeat_probes: &[],
        ps_uavs: None,
        simd: tessera_sampler::Lanes::process_or_baseline(),
    };
    let texel = setup.format.info().bytes_per_block as usize;
    let pitch = setup.width as usize * texel;
    let surface = SurfaceMut::new(
        setup.format,
        setup.width,
        setup.height,
        1,
        pitch,
        pitch * setup.height as usize,
        target,
    )
    .unwrap();
    let mut targets = Targets {
        colors: vec![Some(surface)],
        ..Default::default()
    };
    let args = DrawArgs::Vertices {
        vertex_count: verts.len() as u32,
        start_vertex: 0,
        instance_count: 1,
        start_instance: 0,
    };
    tessera_pipeline::draw(&state, &mut targets, args).unwrap()
}

/// Additive ONE/ONE blending on target 0.
pub fn additive() -> BlendDesc {
    let mut b = BlendDesc::default();
    b.render_target[0].blend_enable = true;
    b.render_target[0].src_blend = tessera_types::Blend::One;
    b.render_target[0].dest_blend = tessera_types::Blend::One;
    b.render_target[0].src_blend_alpha = tessera_types::Blend::One;
    b.render_target[0].dest_blend_alpha = tessera_types::Blend::One;
    b
}

/// The red channel of an RGBA8 target as a w×h grid of bytes.
pub fn red(target: &[u8], w: u32) -> Vec<Vec<u8>> {
    target
        .chunks(w as usize * 4)
        .map(|row| row.chunks(4).map(|p| p[0]).collect())
        .collect()
}

// ---------------------------------------------------------------------------------------------
// A general rig: any targets, any state, clip-space vertices, custom shaders.
// ---------------------------------------------------------------------------------------------

use tessera_pipeline::shader::{Reg, splat, splat4};
use tessera_pipeline::{
    IndexBufferBinding, Interpolation, PipelineError, PsInput, PsOutput, VertexShader, VsInput,
    VsOutput,
};
use tessera_types::Rect;
use wide::f32x8;

/// A clip-space vertex: position (x, y, z, w) and one float4 attribute.
pub type Cv = [f32; 8];

/// Owned targets plus every piece of state a draw reads.
pub struct Rig {
    pub w: u32,
    pub h: u32,
    pub colors: Vec<(Format, Vec<u8>)>,
    pub depth: Option<(Format, Vec<u8>)>,
    pub read_only_depth: bool,
    pub read_only_stencil: bool,
    pub rasterizer: RasterizerDesc,
    pub blend: BlendDesc,
    pub blend_factor: [f32; 4],
    pub ds: DepthStencilDesc,
    pub stencil_ref: u8,
    pub sample_mask: u32,
    pub topology: PrimitiveTopology,
    pub viewport: Viewport,
    pub scissors: Vec<Rect>,
    /// The sample pattern (empty: single-sample); targets then hold one plane per sample.
    pub samples: &'static [[i8; 2]],
    /// The SIMD path of the draws (the process's default unless a test forces one).
    pub simd: tessera_sampler::Lanes,
}

impl Rig {
    /// A `w`×`h` rig with one zeroed colour target, no depth, cull none, depth off.
    pub fn new(w: u32, h: u32, format: Format) -> Self {
        let size = (w * h) as usize * format.info().bytes_per_block as usize;
        Self {
            w,
            h,
            colors: vec![(format, vec![0; size])],
            depth: None,
            read_only_depth: false,
            read_only_stencil: false,
            rasterizer: RasterizerDesc {
                cull_mode: CullMode::None,
                ..Default::default()
            },
            blend: BlendDesc::default(),
            blend_factor: [1.0; 4],
            ds: DepthStencilDesc {
                depth_enable: false,
                depth_write: false,
                ..Default::default()
            },
            stencil_ref: 0,
            sample_mask: u32::MAX,
            simd: tessera_sampler::Lanes::process_or_baseline(),
            topology: PrimitiveTopology::TriangleList,
            viewport: Viewport {
                top_left_x: 0.0,
                top_left_y: 0.0,
                width: w as f32,
                height: h as f32,
                min_depth: 0.0,
                max_depth: 1.0,
            },
            scissors: Vec::new(),
            samples: &[],
        }
    }

    /// The rig with `pattern`'s samples: every target (already added) grows to one plane per
    /// sample, each plane a copy of the single-sample contents.
    pub fn multisampled(mut self, pattern: &'static [[i8; 2]]) -> Self {
        let n = pattern.len().max(1);
        for (_, d) in &mut self.colors {
            *d = d.repeat(n);
        }
        if let Some((_, d)) = &mut self.depth {
            *d = d.repeat(n);
        }
        self.samples = pattern;
        self
    }

    /// The raw bytes of sample `s` of colour texel (x, y) of target `rt`.
    pub fn sample_bytes(&self, rt: usize, x: u32, y: u32, s: u32) -> Vec<u8> {
        let (format, data) = &self.colors[rt];
        let size = format.info().bytes_per_block as usize;
        let at = ((s * self.h + y) * self.w + x) as usize * size;
        data[at..at + size].to_vec()
    }

    /// Sample `s` of colour texel (x, y) of target `rt` decoded to float.
    pub fn sample_f(&self, rt: usize, x: u32, y: u32, s: u32) -> [f32; 4] {
        self.colors[rt]
            .0
            .decode_float(&self.sample_bytes(rt, x, y, s))
            .unwrap()
    }

    /// Sample `s` of the depth-stencil texel at (x, y), raw bytes.
    pub fn ds_sample_bytes(&self, x: u32, y: u32, s: u32) -> Vec<u8> {
        let (format, data) = self.depth.as_ref().unwrap();
        let size = format.info().bytes_per_block as usize;
        let at = ((s * self.h + y) * self.w + x) as usize * size;
        data[at..at + size].to_vec()
    }

    /// Adds a depth-stencil target filled with `fill` (repeated texel bytes).
    pub fn with_depth(mut self, format: Format, fill: &[u8]) -> Self {
        let texel = format.info().bytes_per_block as usize;
        assert_eq!(fill.len(), texel);
        let data = fill.repeat((self.w * self.h) as usize);
        self.depth = Some((format, data));
        self.ds = DepthStencilDesc::default();
        self
    }

    /// Adds another colour target.
    pub fn add_color(&mut self, format: Format) {
        let size = (self.w * self.h) as usize * format.info().bytes_per_block as usize;
        self.colors.push((format, vec![0; size]));
    }

    /// Fills colour target `rt` with one float texel value.
    pub fn clear_f32(&mut self, rt: usize, rgba: [f32; 4]) {
        let (format, data) = &mut self.colors[rt];
        let texel = format.info().bytes_per_block as usize;
        let mut t = vec![0u8; texel];
        format.encode_float(rgba, &mut t).unwrap();
        for chunk in data.chunks_mut(texel) {
            chunk.copy_from_slice(&t);
        }
    }

    /// Fills colour target `rt` with one integer texel value.
    pub fn clear_u32(&mut self, rt: usize, rgba: [u32; 4]) {
        let (format, data) = &mut self.colors[rt];
        let texel = format.info().bytes_per_block as usize;
        let mut t = vec![0u8; texel];
        format.encode_uint(rgba, &mut t).unwrap();
        for chunk in data.chunks_mut(texel) {
            chunk.copy_from_slice(&t);
        }
    }

    /// Pixel-space (x, y) of the full-target viewport → clip space, w = 1.
    pub fn at(&self, x: f32, y: f32, z: f32, attr: [f32; 4]) -> Cv {
        let cx = x / self.w as f32 * 2.0 - 1.0;
        let cy = 1.0 - y / self.h as f32 * 2.0;
        [cx, cy, z, 1.0, attr[0], attr[1], attr[2], attr[3]]
    }

    /// Draws clip-space vertices (non-indexed, one instance) with `ps`.
    pub fn draw(
        &mut self,
        verts: &[Cv],
        ps: Option<&dyn PixelShader>,
    ) -> Result<DrawStats, PipelineError> {
        self.draw_with(verts, &TransformVs { varyings: 1 }, ps)
    }

    /// [`Rig::draw`] with vertex shader `vs` (position in register 0, one attribute after it).
    pub fn draw_with(
        &mut self,
        verts: &[Cv],
        vs: &dyn VertexShader,
        ps: Option<&dyn PixelShader>,
    ) -> Result<DrawStats, PipelineError> {
        let bytes: Vec<u8> = verts
            .iter()
            .flatten()
            .flat_map(|f| f.to_le_bytes())
            .collect();
        let args = DrawArgs::Vertices {
            vertex_count: verts.len() as u32,
            start_vertex: 0,
            instance_count: 1,
            start_instance: 0,
        };
        let vbs = [VertexBufferBinding {
            data: &bytes,
            stride: 32,
            offset: 0,
        }];
        self.draw_full(&layout(), &vbs, None, vs, ps, args)
    }

    /// The fully general draw.
    pub fn draw_full(
        &mut self,
        layout: &InputLayout,
        vbs: &[VertexBufferBinding<'_>],
        ib: Option<IndexBufferBinding<'_>>,
        vs: &dyn VertexShader,
        ps: Option<&dyn PixelShader>,
        args: DrawArgs,
    ) -> Result<DrawStats, PipelineError> {
        let env = ShaderEnv::default();
        let viewports = [self.viewport];
        let state = DrawState {
            topology: self.topology,
            input_layout: layout,
            vertex_buffers: vbs,
            index_buffer: ib,
            vertex_shader: vs,
            pixel_shader: ps,
            vs_env: &env,
            ps_env: &env,
            rasterizer: self.rasterizer,
            depth_stencil: self.ds,
            stencil_ref: self.stencil_ref,
            blend: self.blend,
            blend_factor: self.blend_factor,
            sample_mask: self.sample_mask,
            viewports: &viewports,
            scissors: &self.scissors,
            repeat_probes: &[],
            ps_uavs: None,
            simd: self.simd,
        };
        let (w, h) = (self.w, self.h);
        // One plane per sample the storage holds ([`Rig::multisampled`]).
        fn surface(format: Format, w: u32, h: u32, data: &mut [u8]) -> SurfaceMut<'_> {
            let pitch = w as usize * format.info().bytes_per_block as usize;
            let n = (data.len() / (pitch * h as usize)) as u32;
            SurfaceMut::new(format, w, h, n, pitch, pitch * h as usize, data).unwrap()
        }
        let mut targets = Targets {
            colors: self
                .colors
                .iter_mut()
                .map(|(f, d)| Some(surface(*f, w, h, d)))
                .collect(),
            depth_stencil: self.depth.as_mut().map(|(f, d)| surface(*f, w, h, d)),
            read_only_depth: self.read_only_depth,
            read_only_stencil: self.read_only_stencil,
            sample_positions: self.samples,
        };
        tessera_pipeline::draw(&state, &mut targets, args)
    }

    fn texel(&self, rt: usize, x: u32, y: u32) -> (Format, &[u8]) {
        let (format, data) = &self.colors[rt];
        let size = format.info().bytes_per_block as usize;
        let at = (y * self.w + x) as usize * size;
        (*format, &data[at..at + size])
    }

    /// Colour target `rt` at (x, y) decoded to float.
    pub fn f(&self, rt: usize, x: u32, y: u32) -> [f32; 4] {
        let (format, t) = self.texel(rt, x, y);
        format.decode_float(t).unwrap()
    }

    /// Colour target `rt` at (x, y) decoded as integers.
    pub fn u(&self, rt: usize, x: u32, y: u32) -> [u32; 4] {
        let (format, t) = self.texel(rt, x, y);
        format.decode_uint(t).unwrap()
    }

    /// The raw bytes of colour texel (x, y) of target `rt`.
    pub fn bytes(&self, rt: usize, x: u32, y: u32) -> Vec<u8> {
        self.texel(rt, x, y).1.to_vec()
    }

    /// The raw depth-stencil texel at (x, y) as a little-endian integer.
    pub fn ds_raw(&self, x: u32, y: u32) -> u64 {
        let (format, data) = self.depth.as_ref().unwrap();
        let size = format.info().bytes_per_block as usize;
        let at = (y * self.w + x) as usize * size;
        let mut b = [0u8; 8];
        b[..size].copy_from_slice(&data[at..at + size]);
        u64::from_le_bytes(b)
    }

    /// The red channel of target 0 as a grid of f32 (float-readable formats).
    pub fn red_grid(&self) -> Vec<Vec<f32>> {
        (0..self.h)
            .map(|y| (0..self.w).map(|x| self.f(0, x, y)[0]).collect())
            .collect()
    }

    /// Which pixels of target 0 differ from the all-zero texel.
    pub fn written(&self) -> Vec<Vec<bool>> {
        (0..self.h)
            .map(|y| {
                (0..self.w)
                    .map(|x| self.texel(0, x, y).1.iter().any(|&b| b != 0))
                    .collect()
            })
            .collect()
    }
}

/// A deterministic stream of values in [0, 1) (xorshift64) for randomised scenes.
pub fn rng(seed: u64) -> impl FnMut() -> f32 {
    let mut s = seed;
    move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s >> 40) as f32 / (1u64 << 24) as f32
    }
}

/// A grid from rows of `.`/`#` (for readable expected coverage).
pub fn grid(rows: &[&str]) -> Vec<Vec<bool>> {
    rows.iter()
        .map(|r| r.chars().map(|c| c == '#').collect())
        .collect()
}

/// A pixel shader writing constants: o0 = `color`, o1 = `color1`, optional SV_Depth, optional
/// (declared and/or real) discard.
#[derive(Clone, Copy, Debug)]
pub struct FlatPs {
    pub color: [f32; 4],
    pub color1: [f32; 4],
    pub depth: Option<f32>,
    pub may_discard: bool,
    pub discard_all: bool,
}

impl FlatPs {
    pub fn new(color: [f32; 4]) -> Self {
        Self {
            color,
            color1: [0.0; 4],
            depth: None,
            may_discard: false,
            discard_all: false,
        }
    }
}

impl PixelShader for FlatPs {
    fn signature(&self) -> tessera_pipeline::shader::ShaderSignature {
        tessera_pipeline::shader::ShaderSignature::new(
            tessera_pipeline::shader::ShaderProfile::Ps4_0Level9_1,
        )
    }

    fn inputs(&self) -> &[Interpolation] {
        &[]
    }
    fn writes_depth(&self) -> bool {
        self.depth.is_some()
    }
    fn may_discard(&self) -> bool {
        self.may_discard || self.discard_all
    }
    fn shade(&self, _env: &ShaderEnv<'_>, _input: &PsInput<'_>, out: &mut PsOutput) {
        for t in out.targets.iter_mut() {
            *t = splat4(self.color);
        }
        out.targets[1] = splat4(self.color1);
        if let Some(d) = self.depth {
            out.depth = splat(d);
        }
        out.discard = [self.discard_all; 8];
    }
}

/// Integer pixel shader: every target gets the bit patterns `bits`.
#[derive(Clone, Copy, Debug)]
pub struct BitsPs(pub [u32; 4]);

impl PixelShader for BitsPs {
    fn signature(&self) -> tessera_pipeline::shader::ShaderSignature {
        tessera_pipeline::shader::ShaderSignature::new(
            tessera_pipeline::shader::ShaderProfile::Ps4_0Level9_1,
        )
    }

    fn inputs(&self) -> &[Interpolation] {
        &[]
    }
    fn shade(&self, _env: &ShaderEnv<'_>, _input: &PsInput<'_>, out: &mut PsOutput) {
        for t in out.targets.iter_mut() {
            *t = splat4(self.0.map(f32::from_bits));
        }
    }
}

/// o0 = SV_Position.
#[derive(Clone, Copy, Debug)]
pub struct PositionPs;

impl PixelShader for PositionPs {
    fn signature(&self) -> tessera_pipeline::shader::ShaderSignature {
        tessera_pipeline::shader::ShaderSignature::new(
            tessera_pipeline::shader::ShaderProfile::Ps4_0Level9_1,
        )
    }

    fn inputs(&self) -> &[Interpolation] {
        &[]
    }
    fn shade(&self, _env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        out.targets[0] = input.position;
    }
}

/// o0 = (SV_IsFrontFace bits, 1, 0, 0) for integer targets.
#[derive(Clone, Copy, Debug)]
pub struct FacePs;

impl PixelShader for FacePs {
    fn signature(&self) -> tessera_pipeline::shader::ShaderSignature {
        tessera_pipeline::shader::ShaderSignature::new(
            tessera_pipeline::shader::ShaderProfile::Ps4_0Level9_1,
        )
    }

    fn inputs(&self) -> &[Interpolation] {
        &[]
    }
    fn shade(&self, _env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        let face = if input.front_face { u32::MAX } else { 0 };
        out.targets[0] = splat4([face, 1, 0, 0].map(f32::from_bits));
    }
}

/// o0 = v0 with `nointerpolation` (the provoking vertex's register, bit-exact).
#[derive(Clone, Copy, Debug)]
pub struct FlatVaryingPs;

impl PixelShader for FlatVaryingPs {
    fn signature(&self) -> tessera_pipeline::shader::ShaderSignature {
        tessera_pipeline::shader::ShaderSignature::new(
            tessera_pipeline::shader::ShaderProfile::Ps4_0Level9_1,
        )
    }

    fn inputs(&self) -> &[Interpolation] {
        &[Interpolation::Constant]
    }
    fn shade(&self, _env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        out.targets[0] = input.varyings[0];
    }
}

/// Vertex shader: position = v0 + (v1.x, v1.y, 0, 0) (an instance offset); o0 = v1.
#[derive(Clone, Copy, Debug)]
pub struct OffsetVs;

impl VertexShader for OffsetVs {
    fn signature(&self) -> tessera_pipeline::shader::ShaderSignature {
        tessera_pipeline::shader::ShaderSignature::new(
            tessera_pipeline::shader::ShaderProfile::Vs4_0Level9_1,
        )
    }

    fn varying_count(&self) -> usize {
        1
    }
    fn shade(&self, _env: &ShaderEnv<'_>, input: &VsInput<'_>, out: &mut VsOutput) {
        let p: Reg = input.regs[0];
        let o: Reg = input.regs[1];
        out.position = [p[0] + o[0], p[1] + o[1], p[2], p[3]];
        out.varyings[0] = o;
    }
}

/// An input element of slot `slot` at `offset`.
pub fn element(format: Format, slot: u32, offset: u32, per_instance: bool) -> InputElementDesc {
    InputElementDesc {
        semantic_name: "ATTR".into(),
        semantic_index: 0,
        format,
        input_slot: slot,
        aligned_byte_offset: offset,
        input_slot_class: if per_instance {
            tessera_types::InputClassification::PerInstance
        } else {
            tessera_types::InputClassification::PerVertex
        },
        instance_data_step_rate: u32::from(per_instance),
    }
}

/// Little-endian bytes of a float slice.
pub fn f32_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|f| f.to_le_bytes()).collect()
}

/// `f32x8` is re-exported for test shaders.
pub type F8 = f32x8;
