//! The players' names a book prints in two places: the column header's initials
//! (`WHITE. (Rev. M.)  BLACK. (M. D.)`) and the heading's full names (`Between Rev. G. A.
//! McDonnell and M. Deimmann.`), matched to each other.

/// The words that stand before a name as a title (lower case, without their period).
/// `m` and `d` (`M. Deimmann`, `D. Rodrigo`) are initials as well.
const TITLES: [&str; 28] = [
    "mr", "mrs", "miss", "messrs", "herr", "frau", "rev", "capt", "captain", "dr", "prof", "col",
    "gen", "lieut", "hon", "sig", "signor", "sr", "sra", "srta", "señor", "don", "doña", "m", "mm",
    "mme", "mlle", "d",
];

/// A word without its period, in lower case.
fn bare(w: &str) -> String {
    w.trim_end_matches('.').to_lowercase()
}

fn is_title(w: &str) -> bool {
    TITLES.contains(&bare(w).as_str())
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

/// The words of a column name made of a title and initials only (`Rev. M.`, `M. D.`,
/// not `Mr. Morphy`), its last word an initial; `None` otherwise.
fn initials_only(name: &str) -> Option<Vec<&str>> {
    let words: Vec<&str> = name.split_whitespace().collect();
    let (last, rest) = words.split_last()?;
    (is_initial(last) && rest.iter().all(|w| is_initial(w) || is_title(w))).then_some(words)
}

/// The first letter of a name's surname (its last word), upper case.
fn surname_initial(name: &str) -> Option<char> {
    name.split_whitespace()
        .last()?
        .chars()
        .find(|c| c.is_alphabetic())
        .and_then(|c| c.to_uppercase().next())
}

/// True when the initials-only column name `col` (its words) can stand for the full name
/// `full`: the same surname initial, a title printed in both the same, and every other
/// initial the first letter of one of the full name's words before the surname.
fn stands_for(col: &[&str], full: &str) -> bool {
    let head: Vec<&str> = full.split_whitespace().collect();
    let Some((_, given)) = head.split_last() else {
        return false;
    };
    let Some((last, prefix)) = col.split_last() else {
        return false;
    };
    if initial_of(last) != surname_initial(full) {
        return false;
    }
    let head_title = given.iter().any(|w| is_word_title(w));
    let head_any_title = given.first().is_some_and(|w| is_title(w));
    prefix.iter().all(|p| {
        if is_word_title(p) {
            // `Mr.` over `Mr. Morphy`, or over a heading that prints no title.
            given.iter().any(|h| bare(h) == bare(p)) || !head_title
        } else {
            // An initial of a given name or of the title (`M. D.` over `M. Deimmann`), or
            // a one-letter title the heading does not print.
            given.iter().any(|h| initial_of(h) == initial_of(p)) || (is_title(p) && !head_any_title)
        }
    })
}

fn initial_of(w: &str) -> Option<char> {
    w.chars()
        .find(|c| c.is_alphabetic())
        .and_then(|c| c.to_uppercase().next())
}

/// True when the column name `col` can stand for the heading's `full` name: as
/// initials ([`stands_for`]) or as the same surname.
fn fits(col: Option<&str>, full: Option<&str>) -> bool {
    match (col, full) {
        (None, _) | (_, None) => true,
        (Some(c), Some(f)) => match initials_only(c) {
            Some(words) => stands_for(&words, f),
            None => {
                bare(c.split_whitespace().last().unwrap_or(""))
                    == bare(f.split_whitespace().last().unwrap_or(""))
            }
        },
    }
}

/// The full names to put for the column header's initials-only names (`white`, `black`,
/// as read), from the heading's two names `first` and `second`: each initials-only column
/// name whose title and initials match one heading name, the other column matching the
/// other name. The heading's order (White first) is taken when both orders fit; nothing
/// is replaced when neither does. Returns the new White and Black (`None`: keep as read).
pub(crate) fn from_heading(
    white: Option<&str>,
    black: Option<&str>,
    first: Option<&str>,
    second: Option<&str>,
) -> (Option<String>, Option<String>) {
    let straight = fits(white, first) && fits(black, second);
    let crossed = fits(white, second) && fits(black, first);
    let (for_white, for_black) = if straight {
        (first, second)
    } else if crossed {
        (second, first)
    } else {
        return (None, None);
    };
    let replace = |col: Option<&str>, full: Option<&str>| match col {
        Some(c) if initials_only(c).is_some() => full.map(str::to_owned),
        _ => None,
    };
    (replace(white, for_white), replace(black, for_black))
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
