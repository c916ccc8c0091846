//! Corpus files that still crash, in code this crate's owner may not change: each row names
//! the file (`target/file`), the bug and the crate that must fix it, and how it fails. The
//! corpus test asserts that they still fail so; when one is fixed, its row must go.

use tessera_testkit::ExpectedFailure;

/// The known failures.
pub const FAILURES: &[ExpectedFailure] = &[];
