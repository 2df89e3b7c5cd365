//! The players' names a book prints in two places: the column header's initials
//! (`WHITE. (Rev. M.)  BLACK. (M. D.)`) and the heading's full names (`Between Rev. G. A.
//! McDonnell and M. Deimmann.`), matched to each other.

use crate::lexicon::NAME_TITLES;

/// A word without its period, in lower case.
fn bare(w: &str) -> String {
    w.trim_end_matches('.').to_lowercase()
}

fn is_title(w: &str) -> bool {
    NAME_TITLES.contains(&bare(w).as_str())
}

/// A title of more than one letter (`Mr.`, `Rev.`, `Herr`): never an initial.
fn is_word_title(w: &str) -> bool {
    is_title(w) && bare(w).chars().count() > 1
}

/// A single capital, with or without its period (`M.`, `T`).
fn is_initial(w: &str) -> bool {
    let core = w.trim_end_matches('.');
    let mut cs = core.chars();
    cs.next().is_some_and(char::is_uppercase) && cs.next().is_none()
}

/// A word without its period and comma, as printed.
fn core(w: &str) -> &str {
    w.trim_end_matches(['.', ','])
}

/// How the column name `col` stands to the heading's `full` name: `Some(true)` when it
/// abbreviates it (`Rev. M.`, `M. D.`, `Capt. E.` for `Captain Evans`, `M. De la B.` for
/// `De la Bourdonnais`, `Mr. McD.` for `McDonnell`), `Some(false)` when it is the same
/// surname, `None` when it cannot stand for it. An abbreviation's surname is a proper
/// prefix of the full one (an initial, or a stub of three letters or fewer or with its
/// period), a title printed in both is the same (or its short form), and every other word
/// is one of the full name's words before its surname or their initial.
fn abbreviates(col: &str, full: &str) -> Option<bool> {
    let col_words: Vec<&str> = col.split_whitespace().collect();
    let head: Vec<&str> = full.split_whitespace().collect();
    let (last, prefix) = col_words.split_last()?;
    let (surname, given) = head.split_last()?;
    let (stub, surname) = (core(last), core(surname));
    if stub.to_lowercase() == surname.to_lowercase() {
        return Some(false);
    }
    let short = last.ends_with('.') || stub.chars().count() <= 3;
    if stub.is_empty() || !short || !surname.starts_with(stub) {
        return None;
    }
    let head_title = given.iter().any(|w| is_word_title(w));
    let head_any_title = given.first().is_some_and(|w| is_title(w));
    prefix
        .iter()
        .all(|p| {
            if is_word_title(p) {
                // `Mr.` over `Mr. Morphy`, `Capt.` over `Captain Evans`, or over a
                // heading that prints no title.
                given
                    .iter()
                    .any(|h| is_title(h) && bare(h).starts_with(&bare(p)))
                    || !head_title
            } else {
                // A word or an initial of a given name or of the title (`M. D.` over
                // `M. Deimmann`), or a one-letter title the heading does not print.
                given
                    .iter()
                    .any(|h| bare(h) == bare(p) || is_initial(p) && initial_of(h) == initial_of(p))
                    || (is_title(p) && !head_any_title)
            }
        })
        .then_some(true)
}

fn initial_of(w: &str) -> Option<char> {
    w.chars()
        .find(|c| c.is_alphabetic())
        .and_then(|c| c.to_uppercase().next())
}

/// The full names to put for the column header's abbreviated names (`white`, `black`, as
/// read), from the heading's two names `first` and `second`: each column name that
/// abbreviates one heading name ([`abbreviates`]), the other column standing for the other
/// name. The heading's order (White first) is taken when both orders fit; nothing is
/// replaced when neither does. Returns the new White and Black (`None`: keep as read).
pub(crate) fn from_heading(
    white: Option<&str>,
    black: Option<&str>,
    first: Option<&str>,
    second: Option<&str>,
) -> (Option<String>, Option<String>) {
    let fit = |col: Option<&str>, full: Option<&str>| match (col, full) {
        (Some(c), Some(f)) => abbreviates(c, f).map(|replace| replace.then(|| f.to_owned())),
        _ => Some(None),
    };
    let straight = fit(white, first).zip(fit(black, second));
    let crossed = fit(white, second).zip(fit(black, first));
    straight.or(crossed).unwrap_or((None, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(w: &str, b: &str, a: &str, c: &str) -> (Option<String>, Option<String>) {
        from_heading(Some(w), Some(b), Some(a), Some(c))
    }

    #[test]
    fn titles_and_initials_pick_the_names() {
        assert_eq!(
            run("Rev. M.", "M. D.", "Rev. G. A. McDonnell", "M. Deimmann"),
            (
                Some("Rev. G. A. McDonnell".into()),
                Some("M. Deimmann".into())
            )
        );
        // The same surname initial: the titles tell them apart.
        assert_eq!(
            run("Capt. M.", "Mr. M.", "Capt. Morphy", "Mr. X. X. Morphy"),
            (Some("Capt. Morphy".into()), Some("Mr. X. X. Morphy".into()))
        );
        // A title in its short form, particles, a stub of the surname.
        assert_eq!(
            run("Capt. E.", "Mr. H.", "Captain Evans", "Mr. Henderson"),
            (Some("Captain Evans".into()), Some("Mr. Henderson".into()))
        );
        assert_eq!(
            run("M. De la B.", "Mr. McD", "De la Bourdonnais", "McDonnell"),
            (Some("De la Bourdonnais".into()), Some("McDonnell".into()))
        );
        // Crossed: the heading names Black first.
        assert_eq!(
            run("Mr. H.", "Herr B.", "Herr Bird", "Mr. Horwitz"),
            (Some("Mr. Horwitz".into()), Some("Herr Bird".into()))
        );
    }

    #[test]
    fn a_doubtful_match_replaces_nothing() {
        assert_eq!(
            run("Mr. K.", "Mr. H.", "Mr. Morphy", "Mr. Harrwitz"),
            (None, None)
        );
        assert_eq!(
            run("Capt. M.", "Mr. H.", "Rev. Morphy", "Mr. Harrwitz"),
            (None, None)
        );
        // A full column name is kept.
        assert_eq!(
            run("Morphy", "Mr. H.", "Mr. Morphy", "Mr. Harrwitz"),
            (None, Some("Mr. Harrwitz".into()))
        );
    }
}
