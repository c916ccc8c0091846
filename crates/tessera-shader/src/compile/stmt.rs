//! Statements: straight-line stores and structured control flow ([`Node`]).

use naga::{Block, Statement, SwitchValue};

use super::Compiler;
use super::expr::unsupported;
use crate::error::CompileError;
use crate::ir::{Case, Node, Op};

/// Nesting depth past which a shader is refused (hostile nesting must not exhaust the stack).
pub const MAX_NESTING: u32 = 64;

impl Compiler<'_> {
    /// Compiles a block into nodes (the ops collected so far are kept aside meanwhile).
    pub(super) fn block(&mut self, b: &Block) -> Result<Vec<Node>, CompileError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(CompileError::Unsupported {
                construct: format!("control flow nested deeper than {MAX_NESTING} levels"),
            });
        }
        let saved = std::mem::take(&mut self.ops);
        let mut nodes = Vec::new();
        let r = self.stmts(b, &mut nodes);
        self.flush(&mut nodes);
        self.ops = saved;
        self.depth -= 1;
        r.map(|()| nodes)
    }

    pub(super) fn flush(&mut self, nodes: &mut Vec<Node>) {
        if !self.ops.is_empty() {
            nodes.push(Node::Ops(std::mem::take(&mut self.ops)));
        }
    }

    pub(super) fn stmts(&mut self, b: &Block, nodes: &mut Vec<Node>) -> Result<(), CompileError> {
        for s in b.iter() {
            match s {
                Statement::Emit(range) => {
                    for h in range.clone() {
                        self.val(h)?;
                    }
                }
                Statement::Block(inner) => {
                    self.depth += 1;
                    if self.depth > MAX_NESTING {
                        return Err(unsupported(format!(
                            "control flow nested deeper than {MAX_NESTING} levels"
                        )));
                    }
                    let r = self.stmts(inner, nodes);
                    self.depth -= 1;
                    r?;
                }
                Statement::If {
                    condition,
                    accept,
                    reject,
                } => {
                    let cond = self.regs(*condition)?[0];
                    self.flush(nodes);
                    let accept = self.block(accept)?;
                    let reject = self.block(reject)?;
                    nodes.push(Node::If {
                        cond,
                        accept,
                        reject,
                    });
                }
                Statement::Loop {
                    body,
                    continuing,
                    break_if,
                } => {
                    self.uses.needs_sm4 = true;
                    self.flush(nodes);
                    self.breakable += 1;
                    let body = self.block(body)?;
                    let saved = std::mem::take(&mut self.ops);
                    let mut cont = Vec::new();
                    self.stmts(continuing, &mut cont)?;
                    self.breakable -= 1;
                    let break_if = match break_if {
                        Some(h) => Some(self.regs(*h)?[0]),
                        None => None,
                    };
                    self.flush(&mut cont);
                    self.ops = saved;
                    nodes.push(Node::Loop {
                        body,
                        continuing: cont,
                        break_if,
                    });
                }
                Statement::Break => {
                    self.flush(nodes);
                    nodes.push(Node::Break);
                }
                Statement::Continue => {
                    self.flush(nodes);
                    nodes.push(Node::Continue);
                }
                Statement::Kill => {
                    self.uses.discards = true;
                    self.flush(nodes);
                    nodes.push(Node::Kill);
                }
                Statement::Return { value } => {
                    if let Some(v) = value {
                        let src = self.regs(*v)?;
                        for (&d, s) in self.result.iter().zip(src) {
                            self.ops.push(Op::Store(d, s));
                        }
                    }
                    self.flush(nodes);
                    // In a called function, `return` leaves the one-pass loop it is inlined in,
                    // through the loops and switches around it inside the function.
                    nodes.push(match (self.call_depth, self.breakable) {
                        (0, _) => Node::Return,
                        (_, 0) => Node::Break,
                        (_, n) => Node::BreakOut(n + 1),
                    });
                }
                Statement::Store { pointer, value } => self.store(*pointer, *value)?,
                Statement::Switch { selector, cases } => {
                    self.uses.needs_sm4 = true;
                    let sel = self.regs(*selector)?[0];
                    self.flush(nodes);
                    self.breakable += 1;
                    let mut out = Vec::new();
                    let (mut values, mut default) = (Vec::new(), false);
                    for case in cases {
                        match case.value {
                            SwitchValue::I32(v) => values.push(v.cast_unsigned()),
                            SwitchValue::U32(v) => values.push(v),
                            SwitchValue::Default => default = true,
                        }
                        if case.fall_through {
                            if !case.body.is_empty() {
                                return Err(unsupported(
                                    "switch case falling through after a body",
                                ));
                            }
                            continue;
                        }
                        out.push(Case {
                            values: std::mem::take(&mut values),
                            default: std::mem::take(&mut default),
                            body: self.block(&case.body)?,
                        });
                    }
                    if !values.is_empty() || default {
                        out.push(Case {
                            values,
                            default,
                            body: Vec::new(),
                        });
                    }
                    self.breakable -= 1;
                    nodes.push(Node::Switch {
                        selector: sel,
                        cases: out,
                    });
                }
                Statement::Call {
                    function,
                    arguments,
                    result,
                } => {
                    self.flush(nodes);
                    self.call(*function, arguments, *result, nodes)?;
                }
                Statement::ImageStore {
                    image,
                    coordinate,
                    array_index,
                    value,
                } => self.image_store(*image, *coordinate, *array_index, *value)?,
                Statement::Atomic {
                    pointer,
                    fun,
                    value,
                    result,
                } => self.atomic(*pointer, fun, *value, *result)?,
                Statement::ControlBarrier(_) | Statement::MemoryBarrier(_) => {
                    self.flush(nodes);
                    nodes.push(Node::Barrier);
                }
                Statement::WorkGroupUniformLoad { pointer, result } => {
                    // A barrier, the load (every invocation reads the same word), a barrier.
                    self.flush(nodes);
                    nodes.push(Node::Barrier);
                    let regs = self.load(*pointer)?;
                    self.vals[result.index()] = Some(super::Val::Regs(regs));
                    self.flush(nodes);
                    nodes.push(Node::Barrier);
                }
                other => {
                    let name = format!("{other:?}");
                    let name = name.split([' ', '(', '{']).next().unwrap_or("?");
                    return Err(unsupported(format!(
                        "statement {name} (image atomics, ray queries and subgroup operations are not in this slice)"
                    )));
                }
            }
        }
        Ok(())
    }
}
