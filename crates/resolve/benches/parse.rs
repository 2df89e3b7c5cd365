//! Movetext parsing throughput (MB/s) on a 5,000-game descriptive text, one core.

use escriba_notation::{DescLang, Dialect, Form, KnightLetter, Style, movetext};

#[path = "data.rs"]
mod data;

fn main() {
    divan::main();
}

fn corpus(dialect: Dialect, style: Style) -> String {
    data::texts(&data::games(5_000), dialect, style).join("\n\n")
}

fn bench_tokenize(bencher: divan::Bencher, dialect: Dialect, style: Style) {
    let text = corpus(dialect, style);
    bencher
        .counter(divan::counter::BytesCount::new(text.len()))
        .bench(|| movetext::tokenize(dialect, divan::black_box(&text)).len());
}

#[divan::bench(sample_count = 10)]
fn english_compact(bencher: divan::Bencher) {
    bench_tokenize(
        bencher,
        Dialect::Descriptive(DescLang::En),
        Style::default(),
    );
}

#[divan::bench(sample_count = 10)]
fn english_long_hand(bencher: divan::Bencher) {
    let style = Style {
        form: Form::LongHand,
        knight: KnightLetter::Kt,
    };
    bench_tokenize(bencher, Dialect::Descriptive(DescLang::En), style);
}

#[divan::bench(sample_count = 10)]
fn spanish_descriptive(bencher: divan::Bencher) {
    bench_tokenize(
        bencher,
        Dialect::Descriptive(DescLang::Es),
        Style::default(),
    );
}
