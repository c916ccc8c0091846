//! Expected failures as data: a table of (case id, reason, how it fails) that a test consults,
//! instead of `#[ignore = "..."]` strings that nobody re-reads.
//!
//! A case listed in the table is still run; the test asserts it fails, and fails in the
//! recorded way. When the bug is fixed the case passes, [`run_case`] panics, and the row has
//! to be removed: the table cannot go stale.

use std::panic::{self, AssertUnwindSafe};

/// One known failure.
#[derive(Clone, Copy, Debug)]
pub struct ExpectedFailure {
    /// The case (usually the test's name).
    pub case: &'static str,
    /// Why it fails today (the bug and the crate it lives in).
    pub reason: &'static str,
    /// A substring of the failure's panic message: the case must fail this way and no other.
    pub failure: &'static str,
}

/// The row of `table` for `case`, if any.
pub fn expected_failure<'a>(
    table: &'a [ExpectedFailure],
    case: &str,
) -> Option<&'a ExpectedFailure> {
    table.iter().find(|row| row.case == case)
}

/// Runs `case`: plainly when `table` has no row for it; otherwise asserts it panics with a
/// message containing the row's `failure`.
///
/// # Panics
/// When the case fails unexpectedly, when a listed case passes (remove its row), or when a
/// listed case fails in another way than recorded.
#[track_caller]
pub fn run_case(table: &[ExpectedFailure], case: &str, body: impl FnOnce()) {
    let Some(row) = expected_failure(table, case) else {
        body();
        return;
    };
    match panic::catch_unwind(AssertUnwindSafe(body)) {
        Ok(()) => panic!(
            "`{case}` is listed as an expected failure but passes now: remove its row \
             (reason was: {})",
            row.reason
        ),
        Err(payload) => {
            let message = payload
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| payload.downcast_ref::<&str>().copied())
                .unwrap_or("<non-string panic>");
            assert!(
                message.contains(row.failure),
                "`{case}` fails, but not in the recorded way: expected a failure containing \
                 {:?}, got {message:?} (reason: {})",
                row.failure,
                row.reason
            );
            eprintln!("expected failure `{case}`: {}", row.reason);
        }
    }
}
