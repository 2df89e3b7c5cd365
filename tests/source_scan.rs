//! Reading the workspace's Rust sources, for the tests of the code's shape (`module_graph`,
//! `code_shape`): comments and literals blanked, test items blanked, a crate's live modules,
//! and the files walked.
//!
//! Everything blanked keeps its line breaks, so a line of the result is the same line of the
//! source.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// A module path from the crate root (`["book", "unit"]`); the root is `[]`.
pub type ModPath = Vec<String>;

/// The workspace's root folder.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The module a file under `src/` is: `lib.rs`, `main.rs` → root; `a/mod.rs` → `a`.
pub fn module_of(rel: &Path) -> ModPath {
    let mut parts: Vec<String> = rel
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("lib" | "main" | "mod")
    ) {
        parts.pop();
    }
    parts
}

/// Appends one space for a blanked stretch, and the line breaks it held.
fn blank(out: &mut String, stretch: &str) {
    out.push(' ');
    out.extend(stretch.chars().filter(|&c| c == '\n'));
}

/// `text` with comments, string and char literals blanked (one space each, plus the line
/// breaks they held).
pub fn strip_literals(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            let mut depth = 0;
            let mut j = i;
            while j < b.len() {
                if text[j..].starts_with("/*") {
                    depth += 1;
                    j += 2;
                } else if text[j..].starts_with("*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            let j = j.min(b.len());
            blank(&mut out, &text[i..j]);
            i = j;
        } else if let Some(n) = raw_string_len(rest) {
            blank(&mut out, &rest[..n]);
            i += n;
        } else if b[i] == b'"'
            || (b[i] == b'b' && rest[1..].starts_with('"') && !ident_before(b, i))
        {
            let mut j = i + if b[i] == b'b' { 2 } else { 1 };
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            let j = (j + 1).min(b.len());
            blank(&mut out, &text[i..j]);
            i = j;
        } else if b[i] == b'\'' {
            // A char literal (`'"'`, `'\''`, `'\u{7f}'`) or a lifetime (`'a`).
            let close = if rest[1..].starts_with('\\') {
                rest[2..].find('\'').map(|k| k + 2)
            } else {
                rest[1..].chars().next().and_then(|c| {
                    let k = 1 + c.len_utf8();
                    rest[k..].starts_with('\'').then_some(k)
                })
            };
            match close {
                Some(k) => {
                    i += k + 1;
                    out.push(' ');
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            let c = rest.chars().next().expect("inside the text");
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// Whether the byte before `i` continues an identifier.
pub fn ident_before(b: &[u8], i: usize) -> bool {
    i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')
}

/// The length of a raw string literal (`r"…"`, `r#"…"#`, `br"…"`) at the start of `s`.
fn raw_string_len(s: &str) -> Option<usize> {
    let start = s.strip_prefix("br").or_else(|| s.strip_prefix('r'))?;
    let hashes = start.len() - start.trim_start_matches('#').len();
    let body = start[hashes..].strip_prefix('"')?;
    let close = format!("\"{}", "#".repeat(hashes));
    let end = body.find(&close)?;
    Some(s.len() - body.len() + end + close.len())
}

/// `code` (literals already blanked) with each item under the attribute `attr` blanked: a
/// `mod` block, a `use`, a function, an `impl`; or, inside one, a statement, a field or a
/// match arm.
pub fn strip_items_under(code: &str, attr: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find(attr) {
        out.push_str(&rest[..at]);
        let item = &rest[at..];
        let end = item_end(item, attr.len());
        blank(&mut out, &item[..end]);
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

/// Where the item that starts `item` ends, its attributes taking `from` bytes: after its
/// block or its `;`; a field, an argument or an arm ends after its `,` too, or before the
/// `}` that closes what holds it.
fn item_end(item: &str, from: usize) -> usize {
    let ends_at_comma = !starts_an_item(&item[from..]);
    let mut depth = 0usize;
    for (i, c) in item.char_indices().skip_while(|&(i, _)| i < from) {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            '{' if depth == 0 => return matching_brace(item, i).map_or(item.len(), |e| e + 1),
            ';' if depth == 0 => return i + 1,
            ',' if depth == 0 && ends_at_comma => return i + 1,
            '}' if depth == 0 => return i,
            _ => {}
        }
    }
    item.len()
}

/// Whether `s`, past any more attributes and a visibility, starts an item with a keyword
/// (`fn`, `mod`, `impl`…), whose commas do not end it.
fn starts_an_item(s: &str) -> bool {
    let mut s = s.trim_start();
    while s.starts_with("#[") {
        s = s[s.find(']').map_or(s.len(), |k| k + 1)..].trim_start();
    }
    if let Some(r) = s.strip_prefix("pub") {
        s = r.trim_start();
        if s.starts_with('(') {
            s = s[s.find(')').map_or(s.len(), |k| k + 1)..].trim_start();
        }
    }
    let word: String = s
        .chars()
        .take_while(|c| c.is_ascii_alphabetic() || *c == '_')
        .collect();
    matches!(
        word.as_str(),
        "fn" | "mod"
            | "impl"
            | "struct"
            | "enum"
            | "use"
            | "const"
            | "static"
            | "trait"
            | "type"
            | "unsafe"
            | "async"
            | "extern"
            | "macro_rules"
    )
}

/// `code` (literals already blanked) without the items under `#[cfg(test)]`.
pub fn strip_test_items(code: &str) -> String {
    strip_items_under(code, "#[cfg(test)]")
}

/// The position of the `}` that closes the `{` at `open`.
pub fn matching_brace(s: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in s[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The names of the child modules that `code` (literals and test items blanked) declares
/// as files (`mod name;`).
pub fn children_declared(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in code.match_indices("mod ") {
        if ident_before(code.as_bytes(), i) {
            continue;
        }
        let rest = &code[i + 4..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() && rest[name.len()..].trim_start().starts_with(';') {
            out.push(name);
        }
    }
    out
}

/// The modules of a crate that its root reaches through `mod` declarations outside
/// `#[cfg(test)]`, given each module's code (literals and test items blanked). A module
/// declared only under `#[cfg(test)]`, and any module below it, is a test module: not here.
pub fn live_modules<'a>(code: impl Fn(&ModPath) -> Option<&'a str>) -> BTreeSet<ModPath> {
    let mut live = BTreeSet::new();
    let mut todo = vec![ModPath::new()];
    while let Some(m) = todo.pop() {
        let Some(c) = code(&m) else {
            continue;
        };
        for child in children_declared(c) {
            let mut p = m.clone();
            p.push(child);
            todo.push(p);
        }
        live.insert(m);
    }
    live
}

/// The `.rs` files of a crate's `src/` (paths relative to it, and text); `main.rs` is left
/// out when `lib.rs` is there.
pub fn read_crate(src: &Path) -> Vec<(PathBuf, String)> {
    rust_files(src)
        .into_iter()
        .filter(|p| !(p == &src.join("main.rs") && src.join("lib.rs").exists()))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("a source file reads");
            (p.strip_prefix(src).expect("under src").to_path_buf(), text)
        })
        .collect()
}

/// Every `.rs` file under `dir`, outside `target/` folders, in a stable order.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).expect("a source folder reads") {
            let p = e.expect("a folder entry").path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "target") {
                    dirs.push(p);
                }
            } else if p.extension().is_some_and(|x| x == "rs") {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}
