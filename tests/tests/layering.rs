//! The workspace's shape, checked: the UI-free crates depend on no UI crate
//! (read from `Cargo.lock`, the dependencies actually built), and the
//! modules of each launcher crate import one another without a circle (read
//! from their `use crate::…` lines).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The workspace's root directory.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_owned()
}

/// Every package `package` depends on, directly or not, as `Cargo.lock`
/// records them (normal, build and dev dependencies alike: the lock file
/// does not tell them apart, so this is the stricter check).
fn dependencies_of(package: &str) -> BTreeSet<String> {
    let lock = std::fs::read_to_string(workspace().join("Cargo.lock")).unwrap();
    let lock: toml::Table = lock.parse().unwrap();
    let mut graph: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for entry in lock["package"].as_array().unwrap() {
        let name = entry["name"].as_str().unwrap().to_owned();
        let deps = entry
            .get("dependencies")
            .and_then(|d| d.as_array())
            .map(|deps| {
                deps.iter()
                    // "name" or "name version" when two versions are locked.
                    .map(|d| d.as_str().unwrap().split(' ').next().unwrap().to_owned())
                    .collect()
            })
            .unwrap_or_default();
        graph.entry(name).or_default().extend::<Vec<String>>(deps);
    }
    assert!(
        graph.contains_key(package),
        "{package} is not in Cargo.lock"
    );
    let mut seen = BTreeSet::new();
    let mut todo = vec![package.to_owned()];
    while let Some(next) = todo.pop() {
        for dep in graph.get(&next).into_iter().flatten() {
            if seen.insert(dep.clone()) {
                todo.push(dep.clone());
            }
        }
    }
    seen
}

/// The UI crates the UI-free ones must never pull in.
fn ui_crates(deps: &BTreeSet<String>) -> Vec<&String> {
    deps.iter()
        .filter(|d| {
            d.starts_with("egui")
                || d.starts_with("eframe")
                || d.starts_with("epaint")
                || d.starts_with("wgpu")
                || d.starts_with("winit")
                || d.starts_with("glutin")
        })
        .collect()
}

#[test]
fn the_launcher_core_depends_on_no_ui_crate() {
    let deps = dependencies_of("launcher-core");
    assert!(deps.contains("game-api"), "the check reads the right graph");
    assert_eq!(ui_crates(&deps), Vec::<&String>::new());
}

#[test]
fn the_help_logic_the_game_api_and_the_game_host_depend_on_no_ui_crate() {
    for package in ["launcher-help", "game-api", "game-host"] {
        assert_eq!(
            ui_crates(&dependencies_of(package)),
            Vec::<&String>::new(),
            "{package}"
        );
    }
}

#[test]
fn the_launcher_itself_is_where_egui_comes_in() {
    // The check above would pass on an empty graph; this one would not.
    assert!(!ui_crates(&dependencies_of("launcher")).is_empty());
}

/// The module a source file is, relative to its crate's `src`:
/// `game_window/mod.rs` and `game_window.rs` are `game_window`,
/// `game_window/fit.rs` is `game_window::fit`.
fn module_of(src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts.join("::")
}

/// The top-level modules each top-level module of the crate in `src`
/// imports with `use crate::…` or names as `crate::…` in its code.
fn module_imports(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = vec![src.to_owned()];
    let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    while let Some(path) = files.pop() {
        if path.is_dir() {
            for entry in std::fs::read_dir(&path).unwrap() {
                files.push(entry.unwrap().path());
            }
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let module = module_of(src, &path);
        let top = module.split("::").next().unwrap().to_owned();
        if matches!(top.as_str(), "lib" | "main") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let mut used = BTreeSet::new();
        for line in text.lines() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            let mut rest = code;
            while let Some(at) = rest.find("crate::") {
                let after = &rest[at + "crate::".len()..];
                let name: String = after
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                // `launcher_core::x` is another crate, not this one.
                let before = &rest[..at];
                let own = !before.ends_with(|c: char| c.is_alphanumeric() || c == '_');
                if own
                    && !name.is_empty()
                    && name != top
                    && name.chars().next().unwrap().is_lowercase()
                {
                    used.insert(name);
                }
                rest = after;
            }
        }
        imports.entry(top).or_default().extend(used);
    }
    imports
}

/// A circle among the modules, if there is one: `a -> b -> a`.
fn find_circle(imports: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        module: &str,
        imports: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|m| m == module) {
            let mut circle = path[at..].to_vec();
            circle.push(module.to_owned());
            return Some(circle);
        }
        if done.contains(module) {
            return None;
        }
        path.push(module.to_owned());
        for next in imports.get(module).into_iter().flatten() {
            if let Some(circle) = visit(next, imports, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        done.insert(module.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    imports
        .keys()
        .find_map(|m| visit(m, imports, &mut Vec::new(), &mut done))
}

#[test]
fn the_launchers_modules_import_each_other_without_a_circle() {
    for crate_src in [
        "launcher/src",
        "launcher/core/src",
        "launcher/help/src",
        "launcher/game-host/src",
    ] {
        let imports = module_imports(&workspace().join(crate_src));
        assert!(imports.len() > 1, "{crate_src}: no modules found");
        if let Some(circle) = find_circle(&imports) {
            panic!(
                "{crate_src}: modules import each other in a circle: {}",
                circle.join(" -> ")
            );
        }
    }
}

#[test]
fn a_circle_is_found_when_there_is_one() {
    let imports: BTreeMap<String, BTreeSet<String>> = [
        ("app", vec!["help_viewer"]),
        ("help_viewer", vec!["catalog"]),
        ("catalog", vec!["help_viewer"]),
    ]
    .into_iter()
    .map(|(m, used)| (m.to_owned(), used.into_iter().map(str::to_owned).collect()))
    .collect();
    assert_eq!(
        find_circle(&imports),
        Some(vec![
            "help_viewer".into(),
            "catalog".into(),
            "help_viewer".into()
        ])
    );
}
