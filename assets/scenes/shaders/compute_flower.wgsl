// Two passes: a compute shader builds a flower of 48 vertex-coloured triangles into a vertex
// buffer (positions from sin/cos, per-petal colours, petal lengths from a workgroup-memory
// prefix of hashed values with barriers), then the built-in transform / vertex_color shaders
// draw that buffer. Vertex layout: POSITION (3 × f32) + COLOR (4 × f32) = 7 floats.

struct Params { turns: f32, inner: f32, outer: f32, pad: f32, }
@group(0) @binding(0) var<uniform> params: Params;
@group(3) @binding(0) var<storage, read_write> verts: array<f32>;

var<workgroup> len: array<f32, 16>;

@compute @workgroup_size(16)
fn main(@builtin(global_invocation_id) g: vec3<u32>, @builtin(local_invocation_index) li: u32) {
    // Petal lengths: each invocation hashes its index, then averages with its neighbour in the
    // workgroup (read after a barrier, so the batches must be in lock step).
    var h = g.x * 747796405u + 2891336453u;
    h = ((h >> ((h >> 28u) + 4u)) ^ h) * 277803737u;
    len[li] = f32(h >> 24u) / 255.0;
    workgroupBarrier();
    let l = 0.5 * (len[li] + len[(li + 1u) % 16u]);
    let i = g.x;
    let n = 48.0;
    let a0 = f32(i) / n * 6.2831853 * params.turns;
    let a1 = (f32(i) + 1.0) / n * 6.2831853 * params.turns;
    let am = 0.5 * (a0 + a1);
    let r = params.inner + (params.outer - params.inner) * l;
    let c = vec4<f32>(0.5 + 0.5 * cos(am), 0.5 + 0.5 * cos(am + 2.094), 0.5 + 0.5 * cos(am + 4.189), 1.0);
    let base = i * 21u;
    // Clockwise (D3D's default front face): centre, tip, then the petal's inner edge.
    let p = array<vec2<f32>, 3>(vec2<f32>(0.0, 0.0), vec2<f32>(cos(am), sin(am)) * r,
                                vec2<f32>(cos(a0), sin(a0)) * r * 0.6);
    for (var k = 0u; k < 3u; k++) {
        let o = base + k * 7u;
        verts[o] = p[k].x;
        verts[o + 1u] = p[k].y;
        verts[o + 2u] = 0.5;
        let shade = select(1.0, 0.55, k == 0u);
        verts[o + 3u] = c.x * shade;
        verts[o + 4u] = c.y * shade;
        verts[o + 5u] = c.z * shade;
        verts[o + 6u] = 1.0;
    }
}
