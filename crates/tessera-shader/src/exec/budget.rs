//! The hang guard shared by both interpreters: every op and every loop iteration is a step,
//! and a run past the program's budget fails (docs/shaders.md, "Step budget").

use crate::error::ExecError;

/// Steps charged so far against a program's [`crate::Program::step_budget`]; one per
/// invocation batch (pixel/vertex lanes) or per workgroup (compute, in lock step).
#[derive(Clone, Copy, Debug)]
pub(crate) struct StepBudget {
    used: u64,
    limit: u64,
}

impl StepBudget {
    /// A fresh counter for a run allowed `limit` steps.
    pub(crate) fn new(limit: u64) -> Self {
        Self { used: 0, limit }
    }

    /// Charges `n` steps; [`ExecError::StepBudget`] once the total passes the limit.
    pub(crate) fn charge(&mut self, n: u64) -> Result<(), ExecError> {
        self.used = self.used.saturating_add(n);
        if self.used > self.limit {
            return Err(ExecError::StepBudget { budget: self.limit });
        }
        Ok(())
    }
}
