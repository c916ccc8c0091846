//! The `api` target: a fuzzer-chosen device (any feature level, strict or not) and a sequence
//! of at most [`MAX_OPS`] device and context calls with fuzzer-chosen descriptors, counts and
//! offsets. Every call must either succeed or return a typed [`tessera::Error`] that the
//! device also stored in its info queue; a panic anywhere is a bug in Tessera.

use arbitrary::{Arbitrary, Unstructured};
use tessera::{Device, DeviceContext, DeviceDesc, DeviceLimits};

mod descs;
mod draws;
mod enums;
mod ops;
mod prelude;
mod resources;
mod shaders;
mod specs;
mod transfers;

use ops::Op;
use resources::Pools;
use specs::LevelPick;

/// The most calls one input makes.
pub const MAX_OPS: usize = 64;

/// The api target's device limits: 64 MiB of resources, and 2^14 vertex invocations and
/// 2^10 instances per draw. A resource or draw the fuzzer sizes over them is refused with a
/// typed error up front, so no input allocates much or runs long (64 draws of 5461
/// triangles on a 32×32 target at most), while counts up to `u32::MAX` are still tried.
pub fn device_limits() -> DeviceLimits {
    DeviceLimits {
        memory_bytes: 64 << 20,
        draw_vertex_invocations: 1 << 14,
        draw_instances: 1 << 10,
        ..DeviceLimits::default()
    }
}

/// How far an `api` input got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApiOutcome {
    /// No bytes at all.
    Empty,
    /// Every call was refused (or there was none).
    AllRefused,
    /// Some calls succeeded; no draw did.
    Accepted,
    /// At least one draw call succeeded.
    Drew,
}

/// The device's creation arguments.
#[derive(Arbitrary, Debug)]
struct Header {
    level: LevelPick,
    strict: bool,
    minimal_optional: bool,
    /// Start from a working colour pipeline (`prelude`).
    prelude: bool,
}

/// The running call sequence: the device, its context, what was created, and counts.
pub(crate) struct Run {
    pub(crate) device: Device,
    pub(crate) ctx: DeviceContext,
    pub(crate) pools: Pools,
    /// The info queue still has its default filter and limit, so every refusal must be its
    /// last stored message.
    queue_pristine: bool,
    ok: usize,
    drawn: usize,
}

impl Run {
    /// Counts `r`; a refusal must be a typed error with a message, and (while the queue is
    /// unfiltered) the message the device stored last.
    pub(crate) fn check<T>(&mut self, r: tessera::Result<T>) -> Option<T> {
        match r {
            Ok(v) => {
                self.ok += 1;
                Some(v)
            }
            Err(e) => {
                let text = e.to_string();
                assert!(!text.is_empty(), "a refusal without a message: {e:?}");
                let _ = e.message_id();
                if self.queue_pristine {
                    let last = self.device.info_queue().messages().pop();
                    let stored = last.map(|m| m.text);
                    let expected = match &e {
                        tessera::Error::Strict(m) => m.text.clone(),
                        _ => text,
                    };
                    assert_eq!(
                        stored.as_deref(),
                        Some(expected.as_str()),
                        "a refusal the info queue did not store: {e:?}"
                    );
                }
                None
            }
        }
    }

    /// Counts a draw that succeeded.
    pub(crate) fn drew(&mut self) {
        self.drawn += 1;
    }

    /// The queue's filter or limit changed: refusals may no longer be stored.
    pub(crate) fn queue_touched(&mut self) {
        self.queue_pristine = false;
    }
}

/// Runs one `api` input: a device from the first bytes, then calls until the input or
/// [`MAX_OPS`] runs out. Panics only when Tessera does (or breaks a checked property).
pub fn api(data: &[u8]) -> ApiOutcome {
    if data.is_empty() {
        return ApiOutcome::Empty;
    }
    let mut u = Unstructured::new(data);
    let Ok(header) = Header::arbitrary(&mut u) else {
        return ApiOutcome::Empty;
    };
    let desc = DeviceDesc {
        threads: Some(1),
        limits: device_limits(),
        strict: header.strict,
        caps_options: tessera::caps::CapsOptions {
            minimal_optional_features: header.minimal_optional,
            ..Default::default()
        },
        ..DeviceDesc::at(header.level.get())
    };
    let device = match Device::new(&desc) {
        Ok(d) => d,
        Err(e) => panic!("no device at {:?}: {e}", header.level.get()),
    };
    let ctx = device.immediate_context();
    let mut run = Run {
        device,
        ctx,
        pools: Pools::default(),
        queue_pristine: true,
        ok: 0,
        drawn: 0,
    };
    if header.prelude {
        run.prelude();
    }
    for _ in 0..MAX_OPS {
        if u.is_empty() {
            break;
        }
        let Ok(op) = Op::arbitrary(&mut u) else {
            break;
        };
        run.apply(op);
    }
    match (run.ok, run.drawn) {
        (0, _) => ApiOutcome::AllRefused,
        (_, 0) => ApiOutcome::Accepted,
        _ => ApiOutcome::Drew,
    }
}

impl Run {
    fn apply(&mut self, op: Op) {
        match op {
            Op::CreateBuffer(_)
            | Op::CreateTexture(_)
            | Op::CreateSrv(..)
            | Op::CreateRtv(..)
            | Op::CreateDsv(..)
            | Op::CreateUav(..)
            | Op::CreateSampler(_)
            | Op::CreateRasterizer(_)
            | Op::CreateBlend(_)
            | Op::CreateDepthStencil(_)
            | Op::CreateInputLayout(_)
            | Op::CreateVs(_)
            | Op::CreatePs(_)
            | Op::CreateQuery(_) => self.create(op),
            Op::Draw(..)
            | Op::DrawIndexed(..)
            | Op::DrawInstanced(..)
            | Op::DrawIndexedInstanced(..)
            | Op::Unexecuted(..) => self.draw(op),
            Op::Update(..)
            | Op::CopyResource(..)
            | Op::CopyRegion(..)
            | Op::CopyStructureCount(..)
            | Op::ClearRtv(..)
            | Op::ClearDsv(..)
            | Op::ClearUav(..)
            | Op::Map(..)
            | Op::GenerateMips(..)
            | Op::Resolve(..)
            | Op::ReadBack(..) => self.transfer(op),
            Op::Begin(_) | Op::End(_) | Op::GetData(_) | Op::Queue(_) | Op::Check(..) => {
                self.misc(op);
            }
            _ => self.bind(op),
        }
    }
}
