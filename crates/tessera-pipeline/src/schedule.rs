//! Per-band progress through a draw's batches: every band rasterizes the batches in
//! submission order as soon as they are set up, without waiting for the other bands at the
//! end of each batch. A batch of `tris` covers a part of the screen only, so a join per batch
//! left most threads idle while the busy bands finished.
//!
//! Each band has a queue of set-up batches and at most one task draining it, so its triangles
//! meet its pixels in submission order (SPEC §5: results in primitive order) whatever the
//! thread count; bands never share pixels. At most [`LOOKAHEAD`] batches are alive at once,
//! which bounds memory as the join did.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};

use crate::bands::{SetupChunk, raster_band, touches};
use crate::raster::{Band, BandStats, RasterContext};

/// Batches alive (set up, not yet rasterized by every band) when the next one is prepared is
/// at most `LOOKAHEAD − 1`: with 2, one batch is rasterized while the next is set up, the
/// memory of the join it replaced (`tris` at 2 threads: peak RSS 91 MB either way; 3 gave no
/// clear gain at 16 threads).
const LOOKAHEAD: usize = 2;

/// A batch's set-up triangles, shared by the bands that rasterize them.
type Batch = Arc<Vec<SetupChunk>>;

/// One band: its pending batches, whether a task is draining them, and the band itself.
struct Lane<'b, 'a> {
    queue: Mutex<(VecDeque<Batch>, bool)>,
    band: Mutex<(&'b mut Band<'a>, BandStats)>,
}

/// Rasterizes every batch `batches` yields (set-up chunks in submission order, prepared on
/// this thread while the bands rasterize earlier ones) into `bands`; the summed counters.
pub(crate) fn raster_batches(
    ctx: &RasterContext<'_>,
    bands: &mut [Band<'_>],
    batches: impl Iterator<Item = Vec<SetupChunk>> + Send,
) -> BandStats {
    let lanes: Vec<Lane<'_, '_>> = bands
        .iter_mut()
        .map(|band| Lane {
            queue: Mutex::new((VecDeque::new(), false)),
            band: Mutex::new((band, BandStats::default())),
        })
        .collect();
    let lanes = &lanes;
    rayon::scope(|s| {
        let mut live: VecDeque<Batch> = VecDeque::new();
        for chunks in batches {
            let batch = Arc::new(chunks);
            for (b, lane) in lanes.iter().enumerate() {
                if !touches(&batch, b) {
                    continue;
                }
                let mut queue = lane.queue.lock().unwrap_or_else(PoisonError::into_inner);
                queue.0.push_back(Arc::clone(&batch));
                if !queue.1 {
                    queue.1 = true;
                    s.spawn(move |_| drain(ctx, lane, b));
                }
            }
            live.push_back(batch);
            loop {
                // A batch only this thread still holds is done by every band.
                while live.front().is_some_and(|f| Arc::strong_count(f) == 1) {
                    live.pop_front();
                }
                if live.len() < LOOKAHEAD {
                    break;
                }
                // Help the bands (or let them run) until one batch is done.
                if rayon::yield_now().is_none() {
                    std::thread::yield_now();
                }
            }
        }
    });
    lanes.iter().fold(BandStats::default(), |acc, lane| {
        let band = lane.band.lock().unwrap_or_else(PoisonError::into_inner);
        BandStats {
            ps_lanes: acc.ps_lanes + band.1.ps_lanes,
            passed: acc.passed + band.1.passed,
        }
    })
}

/// Rasterizes band `b`'s queued batches in order until its queue is empty.
fn drain(ctx: &RasterContext<'_>, lane: &Lane<'_, '_>, b: usize) {
    let mut band = lane.band.lock().unwrap_or_else(PoisonError::into_inner);
    let (band, stats) = &mut *band;
    loop {
        let batch = {
            let mut queue = lane.queue.lock().unwrap_or_else(PoisonError::into_inner);
            match queue.0.pop_front() {
                Some(batch) => batch,
                None => {
                    queue.1 = false;
                    return;
                }
            }
        };
        raster_band(ctx, band, b, &batch, stats);
    }
}
