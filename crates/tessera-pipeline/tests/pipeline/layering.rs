//! The crate's module graph: every `crate::<module>` path in `src/` (outside comments) is an
//! edge between top-level modules; the graph must have no cycle, and the shared modules below
//! the stages must not reach up into a stage.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Top-level modules that every stage may use and that use no stage.
/// (`compute` is the compute shader interface and `ShaderFault`, beside `shader`.)
const SHARED: &[&str] = &[
    "error", "env", "shader", "compute", "layout", "state", "block", "builtin",
];

/// The top-level module of a source file (`src/a.rs` and `src/a/…` are `a`), `None` for `lib.rs`.
fn top_module(rel: &Path) -> Option<String> {
    let first = rel.components().next()?.as_os_str().to_str()?.to_owned();
    if first == "lib.rs" {
        return None;
    }
    Some(first.trim_end_matches(".rs").to_owned())
}

/// The modules named by `crate::<name>` in `text`, comments left out.
fn edges(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        assert!(
            !code.contains("crate::{"),
            "write one `use crate::module::…` per module: {line}"
        );
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            let before = rest[..at].chars().last();
            rest = &rest[at + "crate::".len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue; // e.g. `tessera_crate::`
            }
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.push(name);
            }
        }
    }
    out
}

fn visit(dir: &Path, root: &Path, graph: &mut BTreeMap<String, BTreeSet<String>>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            visit(&path, root, graph);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let Some(from) = top_module(path.strip_prefix(root).unwrap()) else {
                continue;
            };
            let text = fs::read_to_string(&path).unwrap();
            let set = graph.entry(from.clone()).or_default();
            for to in edges(&text) {
                if to != from {
                    set.insert(to);
                }
            }
        }
    }
}

/// The module graph of `src/`.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph = BTreeMap::new();
    visit(&root, &root, &mut graph);
    graph
}

/// A cycle through `node`, if any (depth-first; `path` is the current chain).
fn find_cycle(
    graph: &BTreeMap<String, BTreeSet<String>>,
    node: &str,
    path: &mut Vec<String>,
    done: &mut BTreeSet<String>,
) -> Option<Vec<String>> {
    if let Some(at) = path.iter().position(|n| n == node) {
        let mut cycle = path[at..].to_vec();
        cycle.push(node.to_owned());
        return Some(cycle);
    }
    if done.contains(node) {
        return None;
    }
    path.push(node.to_owned());
    for next in graph.get(node).into_iter().flatten() {
        if let Some(c) = find_cycle(graph, next, path, done) {
            return Some(c);
        }
    }
    path.pop();
    done.insert(node.to_owned());
    None
}

#[test]
fn top_level_modules_have_no_cycle() {
    let graph = graph();
    assert!(graph.len() > 5, "found the sources: {graph:?}");
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        if let Some(cycle) = find_cycle(&graph, node, &mut Vec::new(), &mut done) {
            panic!("module cycle: {}\nedges: {graph:#?}", cycle.join(" → "));
        }
    }
}

#[test]
fn shared_modules_use_no_stage() {
    for (from, to) in graph() {
        if SHARED.contains(&from.as_str()) {
            for t in &to {
                assert!(
                    SHARED.contains(&t.as_str()),
                    "shared `{from}` uses stage `{t}`"
                );
            }
        }
    }
}

#[test]
fn the_edge_parser_sees_uses_and_paths() {
    let text = "use crate::a::B;\n// crate::c\nlet x = crate::d::E; tessera_crate::f";
    assert_eq!(edges(text), ["a", "d"]);
}
