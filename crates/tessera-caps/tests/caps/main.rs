//! Integration tests of tessera-caps: data drift, levels, and the FL-01..FL-34 cases (TESTCASES.md A).

mod data;
mod fl_create;
mod fl_draw;
mod level;
mod shader;
