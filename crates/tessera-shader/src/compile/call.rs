//! User function calls, inlined at each call site: the callee is compiled again with its own
//! expression values, fresh registers for its locals (re-initialised at every call, since a
//! call in a loop runs again) and its result, and its arguments bound to the caller's values:
//! value registers (WGSL arguments are immutable), textures and samplers (their slots), and
//! pointers (which alias the caller's variable). The body runs inside a one-pass loop so
//! that `return` is a `break` of that loop; a `return` inside loops or switches of the
//! function is a [`Node::BreakOut`] of them and of that loop, so the lanes that returned skip
//! the rest of the function and resume after the call.

use naga::{Expression, Function, Handle};

use super::expr::unsupported;
use super::shape::shape_of_handle;
use super::stmt::MAX_NESTING;
use super::{Compiler, Val};
use crate::error::CompileError;
use crate::ir::{Node, Op, R};

/// Calls inlined per entry point at most (inlining a call tree can grow exponentially).
pub const MAX_INLINED_CALLS: u32 = 4096;

/// What a call saves of the caller while the callee is compiled.
struct Saved<'m> {
    fun: &'m Function,
    info: &'m naga::valid::FunctionInfo,
    vals: Vec<Option<Val>>,
    locals: std::collections::HashMap<Handle<naga::LocalVariable>, R>,
    args: Vec<Val>,
    result: Vec<R>,
    breakable: u32,
}

impl<'m> Compiler<'m> {
    /// Compiles `Statement::Call`: the callee's body inlined as nodes appended to `nodes`.
    pub(super) fn call(
        &mut self,
        function: Handle<Function>,
        arguments: &[Handle<Expression>],
        result: Option<Handle<Expression>>,
        nodes: &mut Vec<Node>,
    ) -> Result<(), CompileError> {
        self.inlined_calls += 1;
        if self.inlined_calls > MAX_INLINED_CALLS {
            return Err(unsupported(format!(
                "more than {MAX_INLINED_CALLS} function calls after inlining"
            )));
        }
        // Values, textures, samplers and pointers (which alias the caller's variable) alike.
        let mut args = Vec::with_capacity(arguments.len());
        for &a in arguments {
            args.push(self.val(a)?);
        }
        let module = self.module;
        let callee = &module.functions[function];
        let ret = match &callee.result {
            Some(r) => {
                let shape = shape_of_handle(module, r.ty)?;
                let name = callee.name.as_deref().unwrap_or("a function result");
                self.alloc_list(shape.regs(), name)?
            }
            None => Vec::new(),
        };
        let module_info: &'m naga::valid::ModuleInfo = self.module_info;
        let saved = Saved {
            fun: std::mem::replace(&mut self.fun, callee),
            info: std::mem::replace(&mut self.info, &module_info[function]),
            vals: std::mem::replace(&mut self.vals, vec![None; callee.expressions.len()]),
            locals: std::mem::take(&mut self.locals),
            args: std::mem::replace(&mut self.args, args),
            result: std::mem::replace(&mut self.result, ret.clone()),
            breakable: std::mem::replace(&mut self.breakable, 0),
        };
        self.call_depth += 1;
        let body = self.inline_body(callee);
        self.call_depth -= 1;
        self.fun = saved.fun;
        self.info = saved.info;
        self.vals = saved.vals;
        self.locals = saved.locals;
        self.args = saved.args;
        self.result = saved.result;
        self.breakable = saved.breakable;
        let mut body = body?;
        body.push(Node::Break);
        nodes.push(Node::Loop {
            body,
            continuing: Vec::new(),
            break_if: None,
        });
        if let Some(h) = result {
            self.vals[h.index()] = Some(Val::Regs(ret));
        }
        Ok(())
    }

    /// The callee's locals set to their initial values (or zero), then its body.
    fn inline_body(&mut self, callee: &'m Function) -> Result<Vec<Node>, CompileError> {
        let mut init = Vec::new();
        for (l, var) in callee.local_variables.iter() {
            let shape = shape_of_handle(self.module, var.ty)?;
            let name = var.name.as_deref().unwrap_or("a local variable");
            let base = self.alloc(shape.regs(), name)?;
            self.locals.insert(l, base);
            let src = match var.init {
                Some(h) if self.is_const(h) => self.regs(h)?,
                Some(_) => {
                    return Err(unsupported(
                        "a local variable initialised by a runtime value",
                    ));
                }
                None => vec![0; shape.regs() as usize],
            };
            for (i, s) in src.into_iter().enumerate() {
                init.push(Op::Store(base + i as R, s));
            }
        }
        // The initialising stores go first, in the loop's first (only) pass.
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(unsupported(format!(
                "control flow and calls nested deeper than {MAX_NESTING} levels"
            )));
        }
        let saved = std::mem::replace(&mut self.ops, init);
        let mut body = Vec::new();
        let r = self.stmts(&callee.body, &mut body);
        self.flush(&mut body);
        self.ops = saved;
        self.depth -= 1;
        r.map(|()| body)
    }
}
