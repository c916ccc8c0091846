//! No crate of the workspace has a module cycle (issue #14): the top-level modules of every
//! crate's `src/` form a graph without cycles ([`tessera_testkit::modules`]).

use tessera_testkit::modules::{module_cycle, module_graph};
use tessera_testkit::workspace_root;

#[test]
fn no_crate_has_a_module_cycle() {
    let root = workspace_root();
    let mut sources = vec![root.join("src")];
    let mut crates: Vec<_> = std::fs::read_dir(root.join("crates"))
        .unwrap()
        .map(|e| e.unwrap().path().join("src"))
        .filter(|p| p.is_dir())
        .collect();
    crates.sort();
    sources.extend(crates);
    assert!(sources.len() >= 9, "found the crates: {sources:?}");
    for src in sources {
        let graph = module_graph(&src).unwrap();
        assert!(!graph.is_empty(), "{}: no modules found", src.display());
        if let Some(cycle) = module_cycle(&graph) {
            panic!("{}: module cycle {}", src.display(), cycle.join(" → "));
        }
    }
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    let mut graph = tessera_testkit::modules::ModuleGraph::new();
    graph.entry("a".into()).or_default().insert("b".into());
    graph.entry("b".into()).or_default().insert("a".into());
    assert_eq!(
        module_cycle(&graph),
        Some(vec!["a".to_owned(), "b".to_owned(), "a".to_owned()])
    );
}
