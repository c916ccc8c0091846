//! Per-band progress through a draw's batches, with several batches set up at once.
//!
//! Every band rasterizes the batches in submission order as soon as they are set up, without
//! waiting for the other bands at the end of each batch; meanwhile the next batches are
//! prepared in parallel. A batch of `tris` covers a part of the screen only, so a join per
//! batch left most threads idle while the busy bands finished, and one batch set up at a time
//! left a 16-thread machine waiting on each batch's set-up.
//!
//! Batches may finish their preparation in any order; a sequencer publishes them to the bands
//! in submission order only. Each band has a queue of published batches and at most one task
//! working through it, so its triangles meet its pixels in submission order (SPEC §5: results
//! in primitive order) whatever the thread count; bands never share pixels. At most
//! [`window`] batches are alive at once (being prepared, or published and not yet rasterized
//! by every band), which bounds memory: the preparation of a batch is started when an earlier
//! one is done, never by a thread that waits.
//!
//! Every task is short (one batch's set-up, or one band's part of one batch), so a thread that
//! waits inside a preparation's parallel loop and picks up another task meanwhile is held up
//! by one band of one batch at most.

use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use rayon::Scope;

use crate::band::{Band, BandStats, RasterContext};
use crate::binning::{SetupChunk, touches};
use crate::rast::raster_band;

/// Batches alive at once on `threads` threads: 2 up to 5 threads (one batch rasterized while
/// the next is set up: `tris` at 2 threads peaks at 74–81 MB), then one more per two threads
/// up to 8, so that many threads prepare several batches side by side.
pub(crate) fn window(threads: usize) -> usize {
    (threads / 2).clamp(2, 8)
}

/// A published batch: its set-up triangles and the bands that have yet to rasterize them.
struct Batch {
    chunks: Vec<SetupChunk>,
    remaining: AtomicUsize,
}

/// One band: its pending batches, whether a task is working through them, and the band.
struct Lane<'b, 'a> {
    queue: Mutex<(VecDeque<Arc<Batch>>, bool)>,
    band: Mutex<(&'b mut Band<'a>, BandStats)>,
}

/// Prepared batches waiting for their turn (`None`: nothing to rasterize) and the next batch
/// to publish.
#[derive(Default)]
struct Sequencer {
    ready: BTreeMap<usize, Option<Vec<SetupChunk>>>,
    next: usize,
}

/// What the tasks of one [`raster_batches`] share.
struct Schedule<'s, 'b, 'a, F> {
    ctx: &'s RasterContext<'s>,
    lanes: Vec<Lane<'b, 'a>>,
    prepare: F,
    count: usize,
    /// The next batch whose preparation starts.
    started: AtomicUsize,
    sequencer: Mutex<Sequencer>,
}

/// Rasterizes the batches `0..count` into `bands`: `prepare(k)` sets up batch `k` (its chunks
/// in submission order, `None` when nothing is rasterized), up to `window` batches alive at
/// once; the summed counters.
pub(crate) fn raster_batches<F>(
    ctx: &RasterContext<'_>,
    bands: &mut [Band<'_>],
    count: usize,
    window: usize,
    prepare: F,
) -> BandStats
where
    F: Fn(usize) -> Option<Vec<SetupChunk>> + Sync,
{
    let schedule = Schedule {
        ctx,
        lanes: bands
            .iter_mut()
            .map(|band| Lane {
                queue: Mutex::new((VecDeque::new(), false)),
                band: Mutex::new((band, BandStats::default())),
            })
            .collect(),
        prepare,
        count,
        started: AtomicUsize::new(0),
        sequencer: Mutex::new(Sequencer::default()),
    };
    let schedule = &schedule;
    rayon::scope(|s| {
        for _ in 0..window.max(1) {
            schedule.start_next(s);
        }
    });
    schedule
        .lanes
        .iter()
        .fold(BandStats::default(), |acc, lane| {
            let band = lock(&lane.band);
            BandStats {
                ps_lanes: acc.ps_lanes + band.1.ps_lanes,
                passed: acc.passed + band.1.passed,
                coarse_rejected: acc.coarse_rejected + band.1.coarse_rejected,
            }
        })
}

impl<'s, 'b, 'a, F> Schedule<'s, 'b, 'a, F>
where
    F: Fn(usize) -> Option<Vec<SetupChunk>> + Sync,
{
    /// Starts preparing the next batch, if any is left: once prepared, it is published with
    /// every earlier one that is ready.
    fn start_next<'x>(&'x self, s: &Scope<'x>) {
        let k = self.started.fetch_add(1, Ordering::Relaxed);
        if k >= self.count {
            return;
        }
        s.spawn(move |s| {
            let chunks = (self.prepare)(k);
            let mut seq = lock(&self.sequencer);
            seq.ready.insert(k, chunks);
            loop {
                let next = seq.next;
                let Some(chunks) = seq.ready.remove(&next) else {
                    break;
                };
                seq.next += 1;
                self.publish(s, chunks);
            }
        });
    }

    /// Queues a batch at every band it touches (in publication order, under the sequencer's
    /// lock); a batch no band needs is done at once.
    fn publish<'x>(&'x self, s: &Scope<'x>, chunks: Option<Vec<SetupChunk>>) {
        let chunks = chunks.unwrap_or_default();
        let bands: Vec<usize> = (0..self.lanes.len())
            .filter(|&b| touches(&chunks, b))
            .collect();
        if bands.is_empty() {
            self.start_next(s);
            return;
        }
        let batch = Arc::new(Batch {
            chunks,
            remaining: AtomicUsize::new(bands.len()),
        });
        for b in bands {
            let mut queue = lock(&self.lanes[b].queue);
            queue.0.push_back(Arc::clone(&batch));
            if !queue.1 {
                queue.1 = true;
                s.spawn(move |s| self.raster_next(s, b));
            }
        }
    }

    /// Rasterizes band `b`'s oldest queued batch (the queue is not empty: only this band's
    /// single working task takes from it), then continues in a new task while more are queued.
    fn raster_next<'x>(&'x self, s: &Scope<'x>, b: usize) {
        let lane = &self.lanes[b];
        let Some(batch) = lock(&lane.queue).0.pop_front() else {
            return;
        };
        {
            let mut band = lock(&lane.band);
            let (band, stats) = &mut *band;
            raster_band(self.ctx, band, b, &batch.chunks, stats);
        }
        if batch.remaining.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.start_next(s);
        }
        drop(batch);
        let mut queue = lock(&lane.queue);
        if queue.0.is_empty() {
            queue.1 = false;
        } else {
            s.spawn(move |s| self.raster_next(s, b));
        }
    }
}

/// Rasterizes the batches `0..count` into `bands` on the calling thread in one fixed order:
/// batch by batch (each prepared by `prepare(k)`, which may itself run in parallel), and
/// within a batch band by band, top to bottom. The order of a draw whose pixel shader writes
/// UAVs (it may write any address, so its bands cannot run side by side); the summed counters.
pub(crate) fn raster_serial<F>(
    ctx: &RasterContext<'_>,
    bands: &mut [Band<'_>],
    count: usize,
    prepare: F,
) -> BandStats
where
    F: Fn(usize) -> Option<Vec<SetupChunk>>,
{
    let mut stats = BandStats::default();
    for k in 0..count {
        let Some(chunks) = prepare(k) else { continue };
        for (b, band) in bands.iter_mut().enumerate() {
            if touches(&chunks, b) {
                raster_band(ctx, band, b, &chunks, &mut stats);
            }
        }
    }
    stats
}

/// Locks `m`; a panic elsewhere has already failed the draw, so a poisoned lock is used as is.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}
