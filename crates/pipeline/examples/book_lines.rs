//! Prints how book mode sees each line of a book: its kind (stage 2) and its role in a
//! unit (stage 3), for debugging layouts.
//!
//! `cargo run -p escriba-pipeline --example book_lines -- BOOK.txt [FROM [TO]]`

use escriba_pipeline::book::{self, classify, detect, group};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .ok_or("usage: book_lines BOOK.txt [FROM [TO]]")?;
    let from: usize = args.next().map_or(Ok(1), |a| a.parse())?;
    let to: usize = args.next().map_or(Ok(usize::MAX), |a| a.parse())?;
    let bytes = std::fs::read(&path)?;
    let text = String::from_utf8_lossy(&bytes);
    let lines = book::lines_of(&text);
    let dialect = detect::book_dialect(lines.iter().map(|l| l.text.as_str()));
    let mut kinds: Vec<classify::LineKind> = lines
        .iter()
        .map(|l| classify::classify(&l.text, dialect))
        .collect();
    classify::running_heads(&lines, &mut kinds);
    let grouped = group::group(&lines, kinds, dialect);
    for (i, line) in lines.iter().enumerate() {
        let n = i + 1;
        if n < from || n > to {
            continue;
        }
        let kind: String = format!("{:?}", grouped.kinds[i]).chars().take(24).collect();
        let role: String = format!("{:?}", grouped.roles[i]).chars().take(20).collect();
        println!("{n:>6} {kind:<24} {role:<20} |{}", line.text);
    }
    Ok(())
}
