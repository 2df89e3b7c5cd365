//! No import circle between the modules of a crate.
//!
//! Each source file of a crate is a node. An edge goes from a module to the module that a
//! path in it names: `crate::…`, `super::…`, `self::…`, or a bare path through one of its
//! own child modules, with `use` trees expanded. A path through a `pub use` re-export is
//! followed to the module that defines the item, so `crate::book::UnitKind` is an edge to
//! `book::unit`. A module's `mod` declarations are not edges, nor is anything under
//! `#[cfg(test)]`. Vocabulary types belong in leaf modules that their users import; a
//! module that holds both shared types and the code that uses them shows up here as a
//! circle with those users.
//!
//! Folders too: each module collapses to its top-level module within the crate (`book::unit`
//! → `book`), and no circle may run between those (`a/` importing from `b/` and back).
//!
//! And between crates: a crate's `Cargo.toml` names only crates earlier in the flow
//! ([`FLOW`]).

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use crate::source_scan::{
    ModPath, ident_before, live_modules, matching_brace, module_of, read_crate, strip_literals,
    strip_test_items, workspace_root,
};

/// One crate's modules: each module's code (comments, literals and test items removed)
/// and its `pub use` re-exports (name → the path it names).
struct Crate {
    code: BTreeMap<ModPath, String>,
    reexports: BTreeMap<ModPath, BTreeMap<String, Vec<String>>>,
}

/// The full paths a `use` tree names (`a::{b, c::{d, e as f}}` → `a::b`, `a::c::d`,
/// `a::c::e`), each with the name it binds.
fn expand_use(tree: &str) -> Vec<(Vec<String>, String)> {
    fn go(prefix: &[String], tree: &str, out: &mut Vec<(Vec<String>, String)>) {
        let tree = tree.trim();
        if let Some(open) = tree.find('{') {
            let head: Vec<String> = tree[..open]
                .split("::")
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
            let mut p = prefix.to_vec();
            p.extend(head);
            let close = matching_brace(tree, open).unwrap_or(tree.len() - 1);
            let inner = &tree[open + 1..close];
            let mut depth = 0;
            let mut last = 0;
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        go(&p, &inner[last..i], out);
                        last = i + 1;
                    }
                    _ => {}
                }
            }
            go(&p, &inner[last..], out);
        } else if !tree.is_empty() {
            let (path, alias) = match tree.split_once(" as ") {
                Some((p, a)) => (p, Some(a.trim())),
                None => (tree, None),
            };
            let mut p = prefix.to_vec();
            p.extend(path.split("::").map(|s| s.trim().to_owned()));
            let mut name = alias
                .unwrap_or(p.last().map_or("", String::as_str))
                .to_owned();
            if name == "self" {
                p.pop();
                name = p.last().cloned().unwrap_or_default();
            }
            out.push((p, name));
        }
    }
    let mut out = Vec::new();
    go(&[], tree, &mut out);
    out
}

/// The `use` statements of `code`: (is `pub`, the tree).
fn use_statements(code: &str) -> Vec<(bool, String)> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(k) = code[from..].find("use ") {
        let at = from + k;
        from = at + 4;
        if ident_before(bytes, at) {
            continue;
        }
        let before = code[..at].trim_end();
        let public = before.ends_with("pub") || before.ends_with(')') && before.contains("pub(");
        let Some(end) = code[at..].find(';') else {
            break;
        };
        out.push((public, code[at + 4..at + end].to_owned()));
        from = at + end;
    }
    out
}

/// Every `a::b::c` path in `code` that starts with `crate`, `super`, `self` or `first`.
fn paths(code: &str, firsts: &BTreeSet<String>) -> Vec<Vec<String>> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if (b[i].is_ascii_alphabetic() || b[i] == b'_') && !ident_before(b, i) {
            let mut segs = Vec::new();
            let mut j = i;
            loop {
                let s = j;
                while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
                    j += 1;
                }
                segs.push(code[s..j].to_owned());
                if code[j..].starts_with("::")
                    && code[j + 2..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                {
                    j += 2;
                } else {
                    break;
                }
            }
            let head = segs[0].as_str();
            if segs.len() > 1
                && (matches!(head, "crate" | "super" | "self") || firsts.contains(head))
            {
                out.push(segs);
            }
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

impl Crate {
    /// Reads the crate whose sources are `files` (paths relative to `src/`, and text).
    fn new(files: &[(PathBuf, String)]) -> Crate {
        let mut code = BTreeMap::new();
        let mut reexports = BTreeMap::new();
        for (rel, text) in files {
            let m = module_of(rel);
            let c = strip_test_items(&strip_literals(text));
            let mut re = BTreeMap::new();
            for (public, tree) in use_statements(&c) {
                if public {
                    for (path, name) in expand_use(&tree) {
                        re.insert(name, path);
                    }
                }
            }
            reexports.insert(m.clone(), re);
            code.insert(m, c);
        }
        // A module declared under `#[cfg(test)]` is a test module: its file is not a node.
        let live = live_modules(|m| code.get(m).map(String::as_str));
        code.retain(|m, _| live.contains(m));
        Crate { code, reexports }
    }

    /// The module a path written in module `from` names, following re-exports.
    fn resolve(&self, from: &ModPath, path: &[String], depth: usize) -> Option<ModPath> {
        let mut at: ModPath = match path.first()?.as_str() {
            "crate" => Vec::new(),
            "super" | "self" => from.clone(),
            _ => from.clone(),
        };
        let mut segs = path;
        if segs[0] == "crate" || segs[0] == "self" {
            segs = &segs[1..];
        }
        while segs.first().is_some_and(|s| s == "super") {
            at.pop();
            segs = &segs[1..];
        }
        for (k, s) in segs.iter().enumerate() {
            let mut child = at.clone();
            child.push(s.clone());
            if self.code.contains_key(&child) {
                at = child;
                continue;
            }
            if depth < 8
                && let Some(target) = self.reexports.get(&at).and_then(|r| r.get(s))
            {
                let mut full = target.clone();
                full.extend(segs[k + 1..].iter().cloned());
                if let Some(m) = self.resolve(&at, &full, depth + 1) {
                    return Some(m);
                }
            }
            break;
        }
        Some(at)
    }

    /// The edges of the module graph.
    fn edges(&self) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
        let mut g = BTreeMap::new();
        for (m, c) in &self.code {
            let children: BTreeSet<String> = self
                .code
                .keys()
                .filter(|k| k.len() == m.len() + 1 && k.starts_with(m))
                .map(|k| k.last().expect("a child has a name").clone())
                .collect();
            let mut all: Vec<Vec<String>> = Vec::new();
            for (_, tree) in use_statements(c) {
                all.extend(expand_use(&tree).into_iter().map(|(p, _)| p));
            }
            all.extend(paths(c, &children));
            let targets: &mut BTreeSet<ModPath> = g.entry(m.clone()).or_default();
            for p in all {
                let head = p[0].as_str();
                if !(matches!(head, "crate" | "super" | "self") || children.contains(head)) {
                    continue;
                }
                if let Some(t) = self.resolve(m, &p, 0)
                    && &t != m
                {
                    targets.insert(t);
                }
            }
        }
        g
    }
}

/// The strongly connected components of more than one module (Tarjan).
fn circles(g: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<String>> {
    struct State<'a> {
        g: &'a BTreeMap<ModPath, BTreeSet<ModPath>>,
        index: BTreeMap<&'a ModPath, usize>,
        low: BTreeMap<&'a ModPath, usize>,
        stack: Vec<&'a ModPath>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a ModPath) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        for w in s.g.get(v).into_iter().flatten() {
            let Some((w, _)) = s.g.get_key_value(w) else {
                continue;
            };
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).expect("visited");
                *lv = (*lv).min(lw);
            } else if s.stack.contains(&w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).expect("visited");
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                comp.push(if w.is_empty() {
                    "crate".into()
                } else {
                    w.join("::")
                });
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = State {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        out: Vec::new(),
    };
    for v in g.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.out
}

/// The module graph collapsed to top-level modules: `a::x → b::y` becomes `a → b`. The
/// crate root is left out (a circle through it is a circle between modules already).
fn folder_edges(g: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let mut out: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for (from, targets) in g {
        let Some(a) = from.first() else {
            continue;
        };
        let top = out.entry(vec![a.clone()]).or_default();
        for t in targets {
            if let Some(b) = t.first()
                && b != a
            {
                top.insert(vec![b.clone()]);
            }
        }
    }
    out
}

/// The crates' flow, earliest first: each crate may depend only on crates of an earlier
/// step. (`tables` writes the outputs' Arrow, Parquet and SQLite forms from `pipeline`'s
/// types, for `cli` and `python`.)
const FLOW: &[&[&str]] = &[
    &[
        "escriba-notation",
        "escriba-ocr",
        "escriba-source",
        "escriba-testkit",
    ],
    &["escriba-resolve"],
    &["escriba-book"],
    &["escriba-pipeline"],
    &["escriba-review", "escriba-check", "escriba-tables"],
    &["escriba", "escriba-python"],
];

/// The step of `package` in [`FLOW`].
fn step(package: &str) -> Option<usize> {
    FLOW.iter().position(|s| s.contains(&package))
}

/// The package a `Cargo.toml` names, and the flow's crates it depends on (in any
/// dependency table: normal, dev, build, per target).
fn manifest_deps(manifest: &str) -> (String, Vec<String>) {
    let mut package = String::new();
    let mut deps = Vec::new();
    let mut section = "";
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim();
        if section == "[package]" && key == "name" {
            package = value.trim().trim_matches('"').to_owned();
        } else if section.ends_with("dependencies]") {
            let name = key.split('.').next().unwrap_or(key).trim_matches('"');
            if step(name).is_some() {
                deps.push(name.to_owned());
            }
        }
    }
    (package, deps)
}

/// Each dependency of the `manifests` on a crate of the same or a later step, and each
/// package the flow does not place.
fn flow_breaches(manifests: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for m in manifests {
        let (package, deps) = manifest_deps(m);
        let Some(own) = step(&package) else {
            out.push(format!("{package} has no place in the flow"));
            continue;
        };
        for d in deps {
            if step(&d).is_some_and(|s| s >= own) {
                out.push(format!(
                    "{package} depends on {d}, which is not earlier in the flow"
                ));
            }
        }
    }
    out
}

fn files(list: &[(&str, &str)]) -> Vec<(PathBuf, String)> {
    list.iter()
        .map(|(p, t)| (PathBuf::from(p), (*t).to_owned()))
        .collect()
}

#[test]
fn no_crate_of_the_workspace_has_an_import_circle_between_its_modules() {
    let root = workspace_root();
    let mut found = Vec::new();
    let mut crates = 0;
    for e in std::fs::read_dir(root.join("crates")).expect("crates/ reads") {
        let src = e.expect("a folder entry").path().join("src");
        if src.is_dir() {
            crates += 1;
            let c = Crate::new(&read_crate(&src));
            for circle in circles(&c.edges()) {
                found.push(format!("{}: {}", src.display(), circle.join(" ↔ ")));
            }
        }
    }
    assert!(crates >= 4, "the workspace's crates are found");
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

#[test]
fn no_crate_of_the_workspace_has_an_import_circle_between_its_folders() {
    let mut found = Vec::new();
    for e in std::fs::read_dir(workspace_root().join("crates")).expect("crates/ reads") {
        let src = e.expect("a folder entry").path().join("src");
        if src.is_dir() {
            let c = Crate::new(&read_crate(&src));
            for circle in circles(&folder_edges(&c.edges())) {
                found.push(format!("{}: {}", src.display(), circle.join(" ↔ ")));
            }
        }
    }
    assert!(
        found.is_empty(),
        "import circles between folders:\n{}",
        found.join("\n")
    );
}

#[test]
fn every_crate_depends_only_on_crates_earlier_in_the_flow() {
    let mut manifests = Vec::new();
    for e in std::fs::read_dir(workspace_root().join("crates")).expect("crates/ reads") {
        let manifest = e.expect("a folder entry").path().join("Cargo.toml");
        if manifest.is_file() {
            manifests.push(std::fs::read_to_string(&manifest).expect("a manifest reads"));
        }
    }
    assert_eq!(
        manifests.len(),
        FLOW.iter().map(|s| s.len()).sum::<usize>(),
        "every crate under crates/ has its place in the flow"
    );
    let breaches = flow_breaches(&manifests);
    assert!(breaches.is_empty(), "{}", breaches.join("\n"));
}

#[test]
fn a_dependency_up_the_flow_or_beside_it_is_found() {
    let manifests = [
        "[package]\nname = \"escriba-resolve\"\n\n[dependencies]\nescriba-notation.workspace = true\n\
         \n[target.'cfg(unix)'.dev-dependencies]\nescriba-pipeline = { path = \"../pipeline\" }\n",
        "[package]\nname = \"escriba-check\"\n[dependencies]\nescriba-review.workspace = true\n\
         escriba-resolve.workspace = true\nserde.workspace = true\n",
        "[package]\nname = \"escriba-extra\"\n",
        "[package]\nname = \"escriba\"\n[dependencies]\nescriba-check.workspace = true\n",
    ]
    .map(String::from);
    assert_eq!(
        flow_breaches(&manifests),
        vec![
            "escriba-resolve depends on escriba-pipeline, which is not earlier in the flow",
            "escriba-check depends on escriba-review, which is not earlier in the flow",
            "escriba-extra has no place in the flow",
        ]
    );
}

#[test]
fn a_circle_between_folders_without_one_between_modules_is_found() {
    let c = Crate::new(&files(&[
        ("lib.rs", "pub mod book;\npub mod game;\npub mod pgn;\n"),
        ("book/mod.rs", "pub mod notes;\npub mod unit;\n"),
        ("book/unit.rs", "pub struct Unit;\n"),
        ("book/notes.rs", "use crate::game::record::Record;\n"),
        ("game/mod.rs", "pub mod record;\npub mod play;\n"),
        ("game/record.rs", "pub struct Record;\n"),
        (
            "game/play.rs",
            "use crate::book::unit::Unit;\nuse crate::pgn::write;\n",
        ),
        ("pgn.rs", "pub fn write() {}\n"),
    ]));
    let g = c.edges();
    assert_eq!(circles(&g), Vec::<Vec<String>>::new());
    assert_eq!(circles(&folder_edges(&g)), vec![vec!["book", "game"]]);
}

#[test]
fn a_circle_through_a_parent_module_and_its_child_is_found() {
    let c = Crate::new(&files(&[
        ("lib.rs", "pub mod book;\n"),
        (
            "book/mod.rs",
            "pub mod build;\npub struct Footnote;\npub fn cut() { build::segment(); }\n",
        ),
        (
            "book/build.rs",
            "use super::Footnote;\npub fn segment() {}\n",
        ),
    ]));
    assert_eq!(circles(&c.edges()), vec![vec!["book", "book::build"]]);
}

#[test]
fn a_circle_between_siblings_through_use_trees_and_reexports_is_found() {
    let c = Crate::new(&files(&[
        (
            "lib.rs",
            "pub mod a;\npub mod b;\npub mod c;\npub use c::Thing;\n",
        ),
        ("a.rs", "use crate::{b::{self, B}, Thing};\n"),
        (
            "b.rs",
            "pub struct B;\nfn f() { let _ = crate::c::make(); }\n",
        ),
        (
            "c.rs",
            "pub struct Thing;\npub fn make() { super::a::go() }\n",
        ),
    ]));
    assert_eq!(circles(&c.edges()), vec![vec!["a", "b", "c"]]);
}

#[test]
fn leaf_modules_tests_comments_and_strings_make_no_circle() {
    let c = Crate::new(&files(&[
        (
            "lib.rs",
            "pub mod unit;\npub mod game;\npub mod pgn;\npub use game::Game;\n",
        ),
        ("unit.rs", "pub struct Unit; // crate::game::Game\n"),
        (
            "game.rs",
            "use crate::unit::Unit;\npub struct Game(Unit);\nconst S: &str = \"crate::pgn::x\";\n\
             const C: char = '\"';\nfn f<'a>(_: &'a str) {}\n",
        ),
        (
            "pgn.rs",
            "use crate::Game;\n#[cfg(test)]\nmod tests {\n    use crate::game::*;\n}\n",
        ),
    ]));
    let g = c.edges();
    assert_eq!(circles(&g), Vec::<Vec<String>>::new());
    // The re-export at the root is followed to the module that defines `Game`.
    assert!(g[&vec!["pgn".to_string()]].contains(&vec!["game".to_string()]));
}
