//! The code's shape: no `.rs` file over [`MAX_FILE_LINES`] lines in `crates/`, `tests/` and
//! `xtask/` (tests included), and no function over [`MAX_FN_LINES`] lines outside tests.
//!
//! A function's lines run from the line of its `fn` to the line of its closing brace.
//! Functions under `#[cfg(test)]`, `#[test]` functions, test modules (declared under
//! `#[cfg(test)]`) and the files under `tests/` and `benches/` folders are exempt from the
//! function limit.
//!
//! The offenders of today are listed in [`FILES`] and [`FUNCTIONS`] with their lengths. The
//! lists may only shrink: an entry whose file or function is gone, or shorter than listed,
//! fails the test until it is removed or lowered, and so does an offender not listed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::source_scan::{
    ident_before, live_modules, matching_brace, module_of, rust_files, strip_items_under,
    strip_literals, strip_test_items, workspace_root,
};

/// The most lines a `.rs` file may have.
const MAX_FILE_LINES: usize = 1200;

/// The most lines a function outside tests may have.
const MAX_FN_LINES: usize = 80;

/// The files over [`MAX_FILE_LINES`] still to split: path from the workspace root, lines.
const FILES: &[(&str, usize)] = &[];

/// The functions over [`MAX_FN_LINES`] still to split: path from the workspace root,
/// function name, lines.
const FUNCTIONS: &[(&str, &str, usize)] = &[];

/// The functions `code` (literals blanked) defines with a body: name and lines.
fn functions(code: &str) -> Vec<(String, usize)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    for (at, _) in code.match_indices("fn ") {
        if ident_before(b, at) {
            continue;
        }
        let rest = code[at + 3..].trim_start();
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            continue;
        }
        // The body's `{`, or the `;` of a declaration, outside the signature's brackets.
        let mut depth = 0i32;
        let mut open = None;
        for (i, c) in code[at..].char_indices() {
            match c {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                ';' if depth == 0 => break,
                '{' if depth == 0 => {
                    open = Some(at + i);
                    break;
                }
                _ => {}
            }
        }
        let Some(close) = open.and_then(|o| matching_brace(code, o)) else {
            continue;
        };
        out.push((name, code[at..close].matches('\n').count() + 1));
    }
    out
}

/// Whether the file at `rel` (from the workspace root) is a test or bench file as a whole:
/// under a `tests/` or `benches/` folder.
fn is_test_file(rel: &Path) -> bool {
    rel.iter().any(|p| p == "tests" || p == "benches")
}

/// The test modules of the crate whose sources are under `src`: the files that a `mod`
/// declaration outside `#[cfg(test)]` does not reach from `lib.rs` or `main.rs`.
fn test_modules(src: &Path) -> Vec<PathBuf> {
    let files = rust_files(src);
    let mut live = BTreeSet::new();
    for (root, other) in [("lib.rs", "main.rs"), ("main.rs", "lib.rs")] {
        if !src.join(root).exists() {
            continue;
        }
        let code: BTreeMap<_, _> = files
            .iter()
            .filter(|p| **p != src.join(other))
            .map(|p| {
                let text = std::fs::read_to_string(p).expect("a source file reads");
                let rel = p.strip_prefix(src).expect("under src");
                (module_of(rel), strip_test_items(&strip_literals(&text)))
            })
            .collect();
        live.extend(live_modules(|m| code.get(m).map(String::as_str)));
    }
    files
        .into_iter()
        .filter(|p| !live.contains(&module_of(p.strip_prefix(src).expect("under src"))))
        .collect()
}

/// The workspace's files over the limit (path, lines) and functions over the limit (path,
/// name, lines; the longest of a name in a file).
fn offenders(root: &Path) -> (BTreeMap<String, usize>, BTreeMap<(String, String), usize>) {
    let mut long_files = BTreeMap::new();
    let mut long_fns = BTreeMap::new();
    let mut test_files = Vec::new();
    let crates = std::fs::read_dir(root.join("crates")).expect("crates/ reads");
    let srcs = crates.map(|e| e.expect("a folder entry").path().join("src"));
    for src in srcs.chain([root.join("xtask/src")]).filter(|s| s.is_dir()) {
        test_files.extend(test_modules(&src));
    }
    for dir in ["crates", "tests", "xtask"] {
        for path in rust_files(&root.join(dir)) {
            let rel = path.strip_prefix(root).expect("under the root");
            let name = rel.to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(&path).expect("a source file reads");
            let lines = text.lines().count();
            if lines > MAX_FILE_LINES {
                long_files.insert(name.clone(), lines);
            }
            if is_test_file(rel) || test_files.contains(&path) {
                continue;
            }
            let code = strip_items_under(&strip_test_items(&strip_literals(&text)), "#[test]");
            for (f, n) in functions(&code) {
                if n > MAX_FN_LINES {
                    let e = long_fns.entry((name.clone(), f)).or_insert(0);
                    *e = n.max(*e);
                }
            }
        }
    }
    (long_files, long_fns)
}

/// What is wrong between the `found` offenders and the `listed` ones: a new or longer
/// offender, or a listed one that is gone or shorter.
fn judge<K: Ord + std::fmt::Debug>(
    found: &BTreeMap<K, usize>,
    listed: &BTreeMap<K, usize>,
    limit: usize,
) -> Vec<String> {
    let mut out = Vec::new();
    for (k, &n) in found {
        match listed.get(k) {
            None => out.push(format!("{k:?}: {n} lines, over {limit}: split it")),
            Some(&l) if n > l => out.push(format!("{k:?}: {n} lines, longer than the {l} listed")),
            Some(&l) if n < l => out.push(format!("{k:?}: {n} lines now: lower the {l} listed")),
            Some(_) => {}
        }
    }
    for k in listed.keys().filter(|k| !found.contains_key(k)) {
        out.push(format!(
            "{k:?} is within {limit} lines or gone: remove its entry"
        ));
    }
    out
}

#[test]
fn no_file_or_function_is_longer_than_the_limits_but_the_listed_ones() {
    let (files, fns) = offenders(&workspace_root());
    let listed_files = FILES.iter().map(|&(p, n)| (p.to_owned(), n)).collect();
    let listed_fns = FUNCTIONS
        .iter()
        .map(|&(p, f, n)| ((p.to_owned(), f.to_owned()), n))
        .collect();
    let mut wrong = judge(&files, &listed_files, MAX_FILE_LINES);
    wrong.extend(judge(&fns, &listed_fns, MAX_FN_LINES));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_function_is_measured_from_its_fn_to_its_closing_brace_outside_test_items() {
    let body = "    let x = 1;\n".repeat(81);
    let text = format!(
        "struct S {{\n    #[cfg(test)]\n    made: u8,\n}}\n\
         /// {{ not code\npub fn long(a: [u8; 2]) -> u8 {{\n{body}    b\"}}\"[0]\n}}\n\
         fn decl(x: u8);\nfn short() {{ let s = \"{{\"; }}\n\
         #[cfg(test)]\nmod tests {{\n    fn helper() {{\n{body}    }}\n}}\n\
         #[test]\nfn case() {{\n{body}}}\n"
    );
    let code = strip_items_under(&strip_test_items(&strip_literals(&text)), "#[test]");
    assert_eq!(
        functions(&code),
        vec![("long".to_owned(), 84), ("short".to_owned(), 1)]
    );
}

#[test]
fn a_new_longer_shorter_or_gone_offender_is_reported() {
    let found = BTreeMap::from([("a", 90), ("b", 85), ("c", 100), ("d", 81)]);
    let listed = BTreeMap::from([("a", 90), ("b", 84), ("c", 120), ("e", 95)]);
    let wrong = judge(&found, &listed, 80);
    assert_eq!(wrong.len(), 4, "{wrong:?}");
    assert!(wrong[0].contains("longer than the 84"), "{wrong:?}");
    assert!(wrong[1].contains("lower the 120"), "{wrong:?}");
    assert!(wrong[2].contains("\"d\": 81 lines, over 80"), "{wrong:?}");
    assert!(wrong[3].contains("\"e\" is within"), "{wrong:?}");
}
