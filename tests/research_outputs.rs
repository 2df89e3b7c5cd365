//! `transcribe --sqlite FILE --parquet DIR`: the database and the Parquet files hold the
//! games and plies of `--games-csv` and `--plies-csv`, row by row and cell by cell, on
//! the corpus and on the shared books; `sqlite3` loads the database; a second run
//! replaces it whole; a failed run leaves the old files as they were.

use std::path::Path;
use std::process::Command;

use arrow_array::cast::AsArray;
use arrow_array::types::{Int32Type, Int64Type};
use arrow_array::{Array, RecordBatch};
use arrow_schema::DataType;
use escriba_pipeline::csv_out::{GAME_COLUMNS, PLY_COLUMNS};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

use crate::cli_support::{repo_root, run};
use escriba_testkit::TempDir;

/// True under CI, where a missing tool or data folder is a failure, not a skip.
fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// The shared books (`../shared/corpus/books/*.txt`, read in place), as paths relative
/// to the repository root; `None` (with a notice) when absent outside CI.
fn shared_books() -> Option<Vec<String>> {
    let dir = repo_root().join("../shared/corpus/books");
    let mut books: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok()?.file_name().into_string().ok())
                .filter(|n| n.ends_with(".txt"))
                .map(|n| format!("../shared/corpus/books/{n}"))
                .collect()
        })
        .unwrap_or_default();
    books.sort();
    if books.is_empty() {
        assert!(!in_ci(), "{} holds no book, and CI=true", dir.display());
        eprintln!("notice: {} is absent; skipping this test", dir.display());
        return None;
    }
    Some(books)
}

fn csv_records(path: &Path) -> Vec<Vec<String>> {
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_path(path)
        .expect("CSV opens");
    r.records()
        .map(|rec| rec.expect("CSV row").iter().map(str::to_owned).collect())
        .collect()
}

/// One cell as the CSV writes it.
fn cell(a: &dyn Array, i: usize) -> String {
    if a.is_null(i) {
        return String::new();
    }
    match a.data_type() {
        DataType::Utf8 => a.as_string::<i32>().value(i).to_owned(),
        DataType::Int32 => a.as_primitive::<Int32Type>().value(i).to_string(),
        DataType::Int64 => a.as_primitive::<Int64Type>().value(i).to_string(),
        DataType::Dictionary(..) => {
            let d = a.as_dictionary::<Int32Type>();
            let key = d.keys().value(i) as usize;
            d.values().as_string::<i32>().value(key).to_owned()
        }
        t => panic!("unexpected column type {t}"),
    }
}

fn parquet_records(path: &Path) -> Vec<Vec<String>> {
    let file = std::fs::File::open(path).expect("Parquet file opens");
    let reader = ParquetRecordBatchReaderBuilder::try_new(file)
        .expect("Parquet metadata")
        .build()
        .expect("Parquet reader");
    let mut rows = Vec::new();
    let mut header = None;
    for batch in reader {
        let batch: RecordBatch = batch.expect("Parquet batch");
        header.get_or_insert_with(|| {
            let s = batch.schema();
            s.fields().iter().map(|f| f.name().clone()).collect()
        });
        for i in 0..batch.num_rows() {
            rows.push(
                batch
                    .columns()
                    .iter()
                    .map(|c| cell(c.as_ref(), i))
                    .collect(),
            );
        }
    }
    let mut out = vec![header.unwrap_or_default()];
    out.extend(rows);
    out
}

fn sqlite_records(db: &Path, table: &str, columns: &[&str], order: &str) -> Vec<Vec<String>> {
    let conn = rusqlite::Connection::open(db).expect("database opens");
    let cols: Vec<String> = columns.iter().map(|c| format!("\"{c}\"")).collect();
    let sql = format!("SELECT {} FROM {table} ORDER BY {order}", cols.join(", "));
    let mut stmt = conn.prepare(&sql).expect("query prepares");
    let mut out = vec![columns.iter().map(|c| (*c).to_owned()).collect()];
    let rows = stmt
        .query_map([], |row| {
            (0..columns.len())
                .map(|i| {
                    Ok(match row.get_ref(i)? {
                        rusqlite::types::ValueRef::Null => String::new(),
                        rusqlite::types::ValueRef::Integer(n) => n.to_string(),
                        rusqlite::types::ValueRef::Text(t) => {
                            String::from_utf8(t.to_vec()).expect("UTF-8 text")
                        }
                        v => panic!("unexpected value {v:?}"),
                    })
                })
                .collect::<rusqlite::Result<Vec<String>>>()
        })
        .expect("query runs");
    out.extend(rows.map(|r| r.expect("row")));
    out
}

fn assert_same(what: &str, got: &[Vec<String>], want: &[Vec<String>]) {
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert_eq!(g, w, "{what}: row {i} differs from the CSV's");
    }
    assert_eq!(got.len(), want.len(), "{what}: rows");
}

/// Runs the outputs on `inputs` and compares the database and Parquet files with the CSVs.
fn compare(inputs: &[String]) -> TempDir {
    let dir = TempDir::new("research");
    let (games, plies, db, pq) = (
        dir.file("games.csv"),
        dir.file("plies.csv"),
        dir.file("run.sqlite"),
        dir.file("pq"),
    );
    let mut args: Vec<&str> = vec!["transcribe", "-q", "-o", "/dev/null"];
    args.extend(inputs.iter().map(String::as_str));
    args.extend([
        "--games-csv",
        &games,
        "--plies-csv",
        &plies,
        "--sqlite",
        &db,
        "--parquet",
        &pq,
    ]);
    let r = run(&args, None);
    assert!(
        matches!(r.code, Some(0 | 1)),
        "exit {:?}: {}",
        r.code,
        r.stderr
    );
    let want_games = csv_records(Path::new(&games));
    let want_plies = csv_records(Path::new(&plies));
    assert!(want_games.len() > 10 && want_plies.len() > 100);
    let pq = Path::new(&pq);
    assert_same(
        "games.parquet",
        &parquet_records(&pq.join("games.parquet")),
        &want_games,
    );
    assert_same(
        "plies.parquet",
        &parquet_records(&pq.join("plies.parquet")),
        &want_plies,
    );
    let db = Path::new(&db);
    assert_same(
        "sqlite games",
        &sqlite_records(db, "games", &GAME_COLUMNS, "game"),
        &want_games,
    );
    assert_same(
        "sqlite plies",
        &sqlite_records(db, "plies", &PLY_COLUMNS, "game, ply"),
        &want_plies,
    );
    let conn = rusqlite::Connection::open(db).unwrap();
    let violations: i64 = conn
        .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(violations, 0, "foreign keys hold");
    // Every ply of a game that replays has the position after it.
    let no_fen: i64 = conn
        .query_row(
            "SELECT count(*) FROM plies WHERE fen IS NULL AND status <> 'failed'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(no_fen, 0, "plies without a FEN");
    dir
}

#[test]
fn sqlite_and_parquet_hold_the_csv_rows_of_the_corpus() {
    let dir = compare(&["corpus".to_owned()]);
    // Each failure and warning is an issue with its place.
    let db = rusqlite::Connection::open(dir.path().join("run.sqlite")).unwrap();
    let (failed, failures): (i64, i64) = db
        .query_row(
            "SELECT (SELECT count(*) FROM plies WHERE status = 'failed'),
                    (SELECT count(*) FROM issues WHERE severity = 'failure')",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(failed, failures);
    let bad_places: i64 = db
        .query_row(
            "SELECT count(*) FROM issues WHERE place <> source || ':' || line || ':' || \"column\"",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(bad_places, 0);
}

#[test]
fn sqlite_and_parquet_hold_the_csv_rows_of_the_shared_books() {
    let Some(books) = shared_books() else {
        return;
    };
    let dir = compare(&books);
    let db = rusqlite::Connection::open(dir.path().join("run.sqlite")).unwrap();
    // The books' line accounting: spans cover each book once, and name their games.
    let (spans, books_in, games_named): (i64, i64, i64) = db
        .query_row(
            "SELECT count(*), count(DISTINCT source_id), count(game) FROM book_spans",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert!(spans > 100, "{spans} spans");
    assert_eq!(books_in as usize, books.len());
    let games: i64 = db
        .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
        .unwrap();
    assert_eq!(games_named, games, "every written game has its span");
}

#[test]
fn sqlite3_loads_the_database_and_a_second_run_replaces_it_whole() {
    let dir = TempDir::new("sqlite-replace");
    let db = dir.file("run.sqlite");
    let one = "corpus/es-descriptive/borrell-1975/capablanca-nn-1918.txt";
    for inputs in [&["corpus"][..], &[one][..]] {
        let mut args = vec!["transcribe", "-q", "-o", "/dev/null", "--sqlite", &db];
        args.extend(inputs);
        let r = run(&args, None);
        assert!(matches!(r.code, Some(0 | 1)), "{}", r.stderr);
    }
    let has_sqlite3 = Command::new("sqlite3").arg("-version").output().is_ok();
    if !has_sqlite3 {
        assert!(!in_ci(), "sqlite3 is missing, and CI=true");
        eprintln!("notice: sqlite3 not found; skipped the sqlite3 check");
        return;
    }
    let out = Command::new("sqlite3")
        .arg(&db)
        .arg("SELECT count(*) FROM games; SELECT path FROM sources; SELECT san FROM plies WHERE ply = 31;")
        .output()
        .expect("sqlite3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("1\n{one}\nQf6#\n")
    );
}

#[test]
fn a_failed_run_leaves_the_old_database_and_parquet_files() {
    let dir = TempDir::new("sqlite-atomic");
    let (db, pq) = (dir.file("run.sqlite"), dir.file("pq"));
    let r = run(
        &[
            "transcribe",
            "-q",
            "-o",
            "/dev/null",
            "corpus",
            "--sqlite",
            &db,
            "--parquet",
            &pq,
        ],
        None,
    );
    assert!(matches!(r.code, Some(0 | 1)), "{}", r.stderr);
    let before = (
        std::fs::read(&db).unwrap(),
        std::fs::read(Path::new(&pq).join("plies.parquet")).unwrap(),
    );
    let r = run(
        &[
            "transcribe",
            "-q",
            "-o",
            "/dev/null",
            "corpus",
            "no-such-file.txt",
            "--sqlite",
            &db,
            "--parquet",
            &pq,
        ],
        None,
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert_eq!(std::fs::read(&db).unwrap(), before.0);
    assert_eq!(
        std::fs::read(Path::new(&pq).join("plies.parquet")).unwrap(),
        before.1
    );
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .chain(std::fs::read_dir(&pq).unwrap())
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
}

#[test]
fn parquet_needs_a_folder_and_outputs_may_not_clash() {
    let r = run(&["transcribe", "corpus", "--parquet", "-"], None);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("--parquet"), "{}", r.stderr);
    let dir = TempDir::new("clash");
    let f = dir.file("x");
    let r = run(
        &[
            "transcribe",
            "corpus",
            "-o",
            "/dev/null",
            "--sqlite",
            &f,
            "--games-csv",
            &f,
        ],
        None,
    );
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("is also the file of"), "{}", r.stderr);
}
