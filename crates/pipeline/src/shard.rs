//! Deterministic shards: `I/N` keeps the games whose 1-based index `g` has
//! `(g - 1) % N == I - 1`, so N machines can split one archive with no coordination.

use std::fmt;
use std::str::FromStr;

use crate::error::Error;

/// One of N shards, 1-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, 1..=count.
    pub index: u32,
    /// How many shards.
    pub count: u32,
}

impl Shard {
    /// The single shard holding every game.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// True when the game with 1-based index `game` belongs to this shard.
    pub fn contains(self, game: u64) -> bool {
        game >= 1 && (game - 1) % u64::from(self.count) == u64::from(self.index - 1)
    }
}

impl Default for Shard {
    fn default() -> Shard {
        Shard::ALL
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = Error;

    /// `I/N` with `1 <= I <= N`.
    fn from_str(s: &str) -> Result<Shard, Error> {
        let bad = |m: &str| Error::Usage {
            option: "--shard",
            message: format!("`{s}`: {m}"),
        };
        let (i, n) = s
            .split_once('/')
            .ok_or_else(|| bad("expected I/N, e.g. 2/8"))?;
        let number = |t: &str, name: &str| {
            let t = t.trim();
            t.parse::<u32>().map_err(|_| {
                if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
                    bad(&format!("{name} must be at most {}", u32::MAX))
                } else {
                    bad(&format!("{name} is not a number"))
                }
            })
        };
        let index = number(i, "I")?;
        let count = number(n, "N")?;
        if count == 0 || index == 0 || index > count {
            return Err(bad("need 1 <= I <= N"));
        }
        Ok(Shard { index, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_games_deterministically() {
        let n = 3;
        let shards: Vec<Shard> = (1..=n)
            .map(|i| format!("{i}/{n}").parse().unwrap())
            .collect();
        for g in 1..=100u64 {
            let owners: Vec<_> = shards.iter().filter(|s| s.contains(g)).collect();
            assert_eq!(owners.len(), 1, "game {g} must belong to exactly one shard");
        }
        let first: Vec<u64> = (1..=10).filter(|&g| shards[0].contains(g)).collect();
        assert_eq!(first, [1, 4, 7, 10]);
        let again: Vec<u64> = (1..=10).filter(|&g| shards[0].contains(g)).collect();
        assert_eq!(first, again);
    }

    #[test]
    fn malformed_shards_are_usage_errors() {
        for s in ["0/2", "3/2", "1/0", "x/2", "2"] {
            assert!(
                matches!(s.parse::<Shard>(), Err(Error::Usage { .. })),
                "{s}"
            );
        }
        assert_eq!("2/8".parse::<Shard>().unwrap().to_string(), "2/8");
    }
}
