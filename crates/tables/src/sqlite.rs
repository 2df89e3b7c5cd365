//! The SQLite database of a run: built in memory as the games come, indexed and
//! serialized at the end, so that the caller writes it like any other output file.

use std::collections::{HashMap, HashSet};

use escriba_pipeline::{GameResult, Summary};
use rusqlite::{Connection, params, params_from_iter};

use escriba_pipeline::csv_out::{GAME_COLUMNS, PLY_COLUMNS};

use crate::columns::{GAME_KINDS, Kind, PLY_KINDS, Value, fens_after, game_values, ply_values};
use crate::error::Result;

fn sql_type(kind: Kind) -> &'static str {
    match kind {
        Kind::Text | Kind::Category => "TEXT NOT NULL",
        Kind::Int32 | Kind::Int64 => "INTEGER NOT NULL",
        Kind::OptInt64 => "INTEGER",
    }
}

/// The columns of a CSV file as SQL column definitions; `game` is given by `game`.
fn columns(names: &[&str], kinds: &[Kind], game: &str) -> String {
    names
        .iter()
        .zip(kinds)
        .map(|(n, &k)| {
            if *n == "game" {
                format!("\"game\" {game}")
            } else {
                format!("\"{n}\" {}", sql_type(k))
            }
        })
        .collect::<Vec<_>>()
        .join(",\n  ")
}

/// The schema: the CSV columns of `games` and `plies` as they are (quoted, so `column`
/// is a column), plus the keys that tie the tables together.
fn schema() -> String {
    format!(
        "CREATE TABLE sources (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  encodings TEXT NOT NULL DEFAULT 'utf-8',
  replaced INTEGER NOT NULL DEFAULT 0,
  first_replaced TEXT
);
CREATE TABLE games (
  {games},
  source_id INTEGER NOT NULL REFERENCES sources(id)
);
CREATE TABLE plies (
  {plies},
  fen TEXT,
  PRIMARY KEY (game, ply)
) WITHOUT ROWID;
CREATE TABLE issues (
  id INTEGER PRIMARY KEY,
  game INTEGER NOT NULL REFERENCES games(game),
  severity TEXT NOT NULL CHECK (severity IN ('warning', 'failure')),
  ply INTEGER,
  source TEXT NOT NULL,
  line INTEGER NOT NULL,
  \"column\" INTEGER NOT NULL,
  place TEXT NOT NULL,
  message TEXT NOT NULL,
  page INTEGER,
  box_x0 INTEGER,
  box_y0 INTEGER,
  box_x1 INTEGER,
  box_y1 INTEGER
);
CREATE TABLE book_spans (
  id INTEGER PRIMARY KEY,
  source_id INTEGER NOT NULL REFERENCES sources(id),
  from_line INTEGER NOT NULL,
  to_line INTEGER NOT NULL,
  what TEXT NOT NULL CHECK (what IN ('game', 'fragment', 'skipped')),
  reason TEXT NOT NULL,
  game INTEGER REFERENCES games(game)
);",
        games = columns(&GAME_COLUMNS, &GAME_KINDS, "INTEGER PRIMARY KEY"),
        plies = columns(
            &PLY_COLUMNS,
            &PLY_KINDS,
            "INTEGER NOT NULL REFERENCES games(game)"
        ),
    )
}

/// The indexes, made once the rows are in: on the columns people filter and join by.
const INDEXES: &str = "
CREATE INDEX games_white ON games(white);
CREATE INDEX games_black ON games(black);
CREATE INDEX games_date ON games(date);
CREATE INDEX games_source ON games(source_id);
CREATE INDEX plies_status ON plies(status);
CREATE INDEX plies_san ON plies(san);
CREATE INDEX plies_fen ON plies(fen);
CREATE INDEX issues_game ON issues(game);
CREATE INDEX book_spans_source ON book_spans(source_id);
";

fn placeholders(n: usize) -> String {
    vec!["?"; n].join(", ")
}

fn to_sql(v: &Value) -> rusqlite::types::Value {
    match v {
        Value::Text(s) => rusqlite::types::Value::Text(s.clone()),
        Value::Int(n) => rusqlite::types::Value::Integer(*n),
        Value::Null => rusqlite::types::Value::Null,
    }
}

/// A run's database, in memory until [`SqliteOut::finish`].
pub struct SqliteOut {
    conn: Connection,
    sources: HashMap<String, i64>,
    games: HashSet<i64>,
    insert_game: String,
    insert_ply: String,
}

impl SqliteOut {
    /// An empty database with the run's inputs (by name, in order) as its `sources`.
    pub fn new(sources: &[String]) -> Result<SqliteOut> {
        let conn = Connection::open_in_memory()?;
        conn.execute_batch("PRAGMA foreign_keys = ON;")?;
        conn.execute_batch(&schema())?;
        conn.execute_batch("BEGIN;")?;
        let mut out = SqliteOut {
            conn,
            sources: HashMap::new(),
            games: HashSet::new(),
            insert_game: format!(
                "INSERT INTO games VALUES ({})",
                placeholders(GAME_COLUMNS.len() + 1)
            ),
            insert_ply: format!(
                "INSERT INTO plies VALUES ({})",
                placeholders(PLY_COLUMNS.len() + 1)
            ),
        };
        for s in sources {
            out.source_id(s)?;
        }
        Ok(out)
    }

    fn source_id(&mut self, name: &str) -> Result<i64> {
        if let Some(&id) = self.sources.get(name) {
            return Ok(id);
        }
        self.conn
            .prepare_cached("INSERT INTO sources (path) VALUES (?)")?
            .execute([name])?;
        let id = self.conn.last_insert_rowid();
        self.sources.insert(name.to_owned(), id);
        Ok(id)
    }

    /// Adds a game: its row, its plies (each with the FEN after it) and its issues.
    pub fn push(&mut self, r: &GameResult) -> Result<()> {
        let source = self.source_id(&r.source)?;
        let game = game_values(r)?;
        let mut cells: Vec<rusqlite::types::Value> = game.iter().map(to_sql).collect();
        cells.push(source.into());
        self.conn
            .prepare_cached(&self.insert_game)?
            .execute(params_from_iter(cells))?;
        self.games.insert(r.index as i64);
        let fens = fens_after(r);
        let mut insert = self.conn.prepare_cached(&self.insert_ply)?;
        for (i, row) in ply_values(r)?.iter().enumerate() {
            let mut cells: Vec<rusqlite::types::Value> = row.iter().map(to_sql).collect();
            cells.push(fens.get(i).cloned().flatten().into());
            insert.execute(params_from_iter(cells))?;
        }
        drop(insert);
        let mut issue = self.conn.prepare_cached(
            "INSERT INTO issues (game, severity, ply, source, line, \"column\", place, message,
                                 page, box_x0, box_y0, box_x1, box_y1)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )?;
        let warnings = r
            .issues
            .iter()
            .map(|w| ("warning", w.ply, w.line, w.column, &w.message));
        let failure = r
            .failure
            .iter()
            .map(|f| ("failure", Some(f.ply), f.line, f.column, &f.message));
        for (severity, ply, line, column, message) in warnings.chain(failure) {
            let place = r.place(line, column);
            let [x0, y0, x1, y1] =
                place.map_or([None; 4], |p| p.bbox.map(|v| Some(v.round() as i64)));
            issue.execute(params![
                r.index as i64,
                severity,
                ply.map(|p| p as i64 + 1),
                &*r.source,
                line as i64,
                column as i64,
                format!("{}:{}:{}", r.source, line, column),
                message,
                place.map(|p| p.page),
                x0,
                y0,
                x1,
                y1,
            ])?;
        }
        Ok(())
    }

    /// Adds what only the end of the run knows (the sources' encodings, the books' line
    /// spans), makes the indexes, and returns the database file's bytes.
    pub fn finish(mut self, summary: &Summary) -> Result<Vec<u8>> {
        for e in &summary.encodings {
            let id = self.source_id(&e.source)?;
            let encodings = e
                .encodings
                .iter()
                .map(|x| match serde_json::to_value(x) {
                    Ok(serde_json::Value::String(s)) => s,
                    _ => format!("{x:?}"),
                })
                .collect::<Vec<_>>()
                .join(",");
            self.conn.execute(
                "UPDATE sources SET encodings = ?, replaced = ?, first_replaced = ? WHERE id = ?",
                params![encodings, e.replaced as i64, e.first_replaced, id],
            )?;
        }
        for book in &summary.books {
            let id = self.source_id(&book.source)?;
            for s in &book.book.spans {
                // A unit written as a game of another shard is not in this database.
                let game = s.game.map(|g| g as i64).filter(|g| self.games.contains(g));
                self.conn
                    .prepare_cached(
                        "INSERT INTO book_spans (source_id, from_line, to_line, what, reason, game)
                         VALUES (?, ?, ?, ?, ?, ?)",
                    )?
                    .execute(params![
                        id,
                        s.from as i64,
                        s.to as i64,
                        s.what.as_str(),
                        s.reason,
                        game
                    ])?;
            }
        }
        self.conn.execute_batch("COMMIT;")?;
        self.conn.execute_batch(INDEXES)?;
        self.conn.execute_batch("ANALYZE;")?;
        let data = self.conn.serialize(rusqlite::MAIN_DB)?;
        Ok(data.to_vec())
    }
}
