//! Loadouts side by side: the same attack question asked of several queries of one game, their
//! limits checked together before any attack is made.

use crate::error::{Error, Input, Message};
use crate::game::Game;

/// The most loadouts one comparison holds: the chart has ten colours.
pub const MAX_LOADOUTS: usize = 10;

/// The attacks of one comparison, by their [`Game::cost`], summed, may not exceed this
/// (checked before any is made): two of the largest single attacks, about a second and 80 MB.
pub const MAX_WORK: u64 = 8_000_000;

/// The loadouts' distributions, outcomes × 64-bit words of their weights ([`Game::words`]),
/// summed, may not exceed this (checked before any attack is made): about 60 MB as JSON.
pub const MAX_WORDS: u64 = 800_000;

/// The letter that names the `i`th loadout in headers and legends.
pub fn label(i: usize) -> String {
    char::from(b'A' + (i % 26) as u8).to_string()
}

/// Every query's exact outcome, in order. Refused before any attack is made when the attacks'
/// work passes [`MAX_WORK`] or their distributions may pass [`MAX_WORDS`]; an attack over its
/// own limits, or refused, is refused with `place(i)`, the name of its loadout.
pub fn outcomes<G: Game>(
    queries: &[G::Query],
    place: impl Fn(usize) -> String,
) -> Result<Vec<G::Outcome>, Error> {
    estimate::<G>(queries, &place)?;
    queries
        .iter()
        .enumerate()
        .map(|(i, q)| G::attack(q).map_err(|e| e.within(&place(i))))
        .collect()
}

/// The work of every query's attack, summed, as [`outcomes`] checks it before any attack is
/// made: refused past [`MAX_WORK`] or when the distributions may pass [`MAX_WORDS`].
pub fn estimate<G: Game>(
    queries: &[G::Query],
    place: impl Fn(usize) -> String,
) -> Result<u64, Error> {
    let (mut work, mut words) = (0u64, 0u64);
    for (i, q) in queries.iter().enumerate() {
        let within = |e: Error| e.within(&place(i));
        work = work.saturating_add(G::cost(q).map_err(within)?);
        words = words.saturating_add(G::words(q).map_err(within)?);
        if words > MAX_WORDS {
            return Err(Error::too_large(Message::about(Input::Attacker).text(
                format!(
                    "these loadouts' exact distributions may grow to {words} words by loadout {}, \
                 over the limit of {MAX_WORDS} for one comparison: compare fewer or smaller \
                 attacks at once",
                    label(i)
                ),
            )));
        }
    }
    if work > MAX_WORK {
        return Err(Error::too_large(Message::about(Input::Attacker).text(
            format!(
                "these loadouts' attacks add up to {work} units of work, over the limit of \
             {MAX_WORK} for one comparison: compare fewer or smaller attacks at once"
            ),
        )));
    }
    Ok(work)
}
