//! Chat Noir's integration tests, built as one test program. Where a test
//! goes:

// The specification's own tests (§1.18.9 and the examples of each section),
// one file per section of the 2009 text: spec_<section>.rs. Each test's doc
// names the line it ports; its expected values are the spec's.
mod spec_cat;
mod spec_drawing;
mod spec_geometry;
mod spec_graph;
mod spec_input;
mod spec_search;
mod spec_world;
// Builders and the spec's pure functions shared by the spec tests.
mod common;

// Property tests (proptest): random boards and event sequences against the
// rules and a plain reference search.
mod properties;
// The game through its C ABI table, as the launcher drives it: what a
// player sees and can do; and what the launcher's undo, redo, New game,
// Game ID field and statistics are built on (save, load, new games, game
// IDs, outcomes).
mod abi;
mod midend;
// Beyond the spec, one file per feature: game IDs, the random generator,
// the solver and hints, the cats of each difficulty.
mod cats;
mod game_id;
mod play;
mod rng;
mod solver;
// The files shipped beside the game, checked as the launcher reads them:
// doc.txt, manual.md, and the pictures (icon, manual's pictures).
mod doc_txt;
mod manual;
mod pictures;

// Unit tests of private code stay in `src/` under `#[cfg(test)]`.

/// Every `.rs` file of this directory is one of the modules above: a new
/// file that is not declared here would never run.
#[test]
fn every_test_file_is_a_module_of_this_program() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let this = std::fs::read_to_string(dir.join("tests.rs")).unwrap();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let module = if path.is_dir() {
            path.join("mod.rs")
                .is_file()
                .then(|| path.file_name().unwrap().to_string_lossy().into_owned())
        } else if path.extension().is_some_and(|e| e == "rs") {
            Some(path.file_stem().unwrap().to_string_lossy().into_owned())
        } else {
            None
        };
        if let Some(module) = module.filter(|m| m != "tests") {
            assert!(
                this.lines().any(|l| l == format!("mod {module};")),
                "tests/{module} is not declared in tests/tests.rs"
            );
        }
    }
}
