//! The module graph of a crate's sources: every `crate::<module>` path (grouped `crate::{a, b}`
//! included) and, in a top-level file, every `super::<module>` is an edge between top-level
//! modules. [`module_cycle`] finds a cycle; the workspace test requires none in any crate.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Top-level module → the top-level modules it names.
pub type ModuleGraph = BTreeMap<String, BTreeSet<String>>;

/// The first path segments named after `prefix` (`crate::` or `super::`) in one line of code.
fn named(code: &str, prefix: &str, out: &mut Vec<String>) {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
        let before = rest[..at].chars().last();
        rest = &rest[at + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let inner = group.split('}').next().unwrap_or("");
            out.extend(
                inner
                    .split(',')
                    .map(|p| ident(p.trim()))
                    .filter(|n| !n.is_empty()),
            );
        } else {
            let n = ident(rest);
            if !n.is_empty() {
                out.push(n);
            }
        }
    }
}

fn visit(dir: &Path, root: &Path, graph: &mut ModuleGraph) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            visit(&path, root, graph)?;
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let rel = path.strip_prefix(root).unwrap_or(&path);
        let Some(first) = rel.components().next().and_then(|c| c.as_os_str().to_str()) else {
            continue;
        };
        if first == "lib.rs" || first == "main.rs" {
            continue;
        }
        let from = first.trim_end_matches(".rs").to_owned();
        let top_file = rel.components().count() == 1;
        let mut names = Vec::new();
        for line in fs::read_to_string(&path)?.lines() {
            let code = line.split("//").next().unwrap_or("");
            named(code, "crate::", &mut names);
            if top_file {
                named(code, "super::", &mut names);
            }
        }
        let set = graph.entry(from.clone()).or_default();
        set.extend(names.into_iter().filter(|n| *n != from));
    }
    Ok(())
}

/// The module graph of the crate whose sources are in `src`.
pub fn module_graph(src: &Path) -> std::io::Result<ModuleGraph> {
    let mut graph = ModuleGraph::new();
    visit(src, src, &mut graph)?;
    // Names that are not modules of this crate (items re-exported at the root) are no edges.
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for set in graph.values_mut() {
        set.retain(|n| modules.contains(n));
    }
    Ok(graph)
}

/// A cycle of `graph` (`a → b → … → a`), if there is one.
pub fn module_cycle(graph: &ModuleGraph) -> Option<Vec<String>> {
    fn dfs(
        g: &ModuleGraph,
        n: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == n) {
            let mut c = path[at..].to_vec();
            c.push(n.to_owned());
            return Some(c);
        }
        if done.contains(n) {
            return None;
        }
        path.push(n.to_owned());
        for m in g.get(n).into_iter().flatten() {
            if let Some(c) = dfs(g, m, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(n.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|n| dfs(graph, n, &mut Vec::new(), &mut done))
}
