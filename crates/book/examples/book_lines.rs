//! Prints how book mode sees each line of a book: its kind (stage 1) and its role in a
//! unit (stage 2), for debugging layouts.
//!
//! `cargo run -p escriba-book --example book_lines -- BOOK.txt [FROM [TO]]`

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .ok_or("usage: book_lines BOOK.txt [FROM [TO]]")?;
    let from: usize = args.next().map_or(Ok(1), |a| a.parse())?;
    let to: usize = args.next().map_or(Ok(usize::MAX), |a| a.parse())?;
    let bytes = std::fs::read(&path)?;
    let text = String::from_utf8_lossy(&bytes);
    let lines = escriba_book::lines_of(&text);
    let views = escriba_book::line_views(&lines, None);
    for (line, (kind, role)) in lines.iter().zip(views) {
        let n = line.number;
        if n < from || n > to {
            continue;
        }
        let kind: String = kind.chars().take(24).collect();
        let role: String = role.chars().take(20).collect();
        println!("{n:>6} {kind:<24} {role:<20} |{}", line.text);
    }
    Ok(())
}
