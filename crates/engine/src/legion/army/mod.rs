//! Army work: every unit of an army against chosen defenders, or against every unit of another
//! army, at each range band. Each cell is the exact `legion attack` of the unit's SPEC at that
//! band against the defender's SPEC; a unit whose weapons need choosing takes the choice with
//! the most mean wounds. All the cells' attacks are made as one batch, so work they share is
//! done once.

mod band;
mod profiles;

pub use band::Band;
pub use profiles::default_defenders;

use super::attack::{attack_many, cost_many, LegionAttack, MAX_OPTIMAL_WORK};
use super::cards::Cards;
use super::scenario::Scenario;
use crate::dist::Dist;
use crate::error::{Error, Input, Message};
use crate::names::joined;
use num_rational::BigRational;

/// The work one army query may take, summed as the batch estimates it before it runs: as much
/// as the largest attack under the optimal policy may.
pub const MAX_ARMY_WORK: u64 = MAX_OPTIMAL_WORK;

/// The most cells one query computes (units × defenders × bands), checked before any SPEC is
/// read: two 30-unit armies at every band.
pub const MAX_CELLS: usize = 4_500;

/// One unit: an army list's unit, or a named defender profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// What people call it.
    pub name: String,
    /// Its SPEC, without range or tokens.
    pub spec: String,
    /// What it costs, when it comes from a list.
    pub points: Option<u32>,
    /// The names of the weapons its cards carry: the choices tried when its SPEC alone fits
    /// more weapons than its minis can add.
    pub weapons: Vec<String>,
}

/// What to compute: each attacker against each defender at each band.
#[derive(Debug, Clone)]
pub struct Request<'a> {
    /// The units that attack.
    pub attackers: &'a [Unit],
    /// The units attacked.
    pub defenders: &'a [Unit],
    /// The bands each attacker attacks each defender at.
    pub bands: &'a [Band],
    /// Items every attacker gets (tokens: `aim 1`).
    pub attacker_with: &'a str,
    /// Items every defender gets (cover and tokens: `cover light, dodge 1`).
    pub defender_with: &'a str,
    /// The edition, policy and objective every attack is made under.
    pub choices: &'a Scenario,
    /// The cards the units' `@card` SPECs name.
    pub cards: &'a Cards,
}

/// One attack of the army work: the SPECs it was made with and what it does.
#[derive(Debug, Clone)]
pub struct Shot {
    /// The attacker's SPEC as attacked (band, weapon choice and tokens included).
    pub attacker: String,
    /// The defender's SPEC as attacked.
    pub defender: String,
    /// The wounds the attack deals.
    pub wounds: Dist,
    /// The chance to wipe the defender, when its wounds per mini are known.
    pub wiped: Option<BigRational>,
}

/// One attacker against one defender: a shot per band asked, or why there is none (no weapon
/// reaches, or the attack is illegal).
#[derive(Debug, Clone)]
pub struct Pairing {
    /// The attacker's index into the request's attackers.
    pub attacker: usize,
    /// The defender's index into the request's defenders.
    pub defender: usize,
    /// Each band asked, in the request's order, with its shot or why there is none.
    pub bands: Vec<(Band, Result<Shot, String>)>,
}

impl Pairing {
    /// The band whose shot has the most mean wounds (the nearest of equals).
    pub fn best(&self) -> Option<(Band, &Shot)> {
        let mut best: Option<(Band, &Shot)> = None;
        for (band, shot) in &self.bands {
            if let Ok(s) = shot {
                if best.is_none_or(|(_, b)| s.wounds.mean() > b.wounds.mean()) {
                    best = Some((*band, s));
                }
            }
        }
        best
    }
}

/// One cell of the query: an attacker (its index), a defender and a band, with its candidate
/// attacks' places in [`Planned`]'s scenarios, or why none could be made.
struct Cell {
    attacker: usize,
    defender: usize,
    band: Band,
    candidates: Result<Vec<usize>, String>,
}

/// A query with every candidate attack parsed and its work estimated, not yet run.
pub struct Planned {
    cells: Vec<Cell>,
    scenarios: Vec<Scenario>,
    specs: Vec<(String, String)>,
    work: u64,
}

/// Parses every cell's candidate attacks and estimates their work, refused past
/// [`MAX_ARMY_WORK`] (or past [`MAX_CELLS`] cells) before any attack is made.
pub fn plan(r: &Request) -> Result<Planned, Error> {
    plan_within(r, MAX_ARMY_WORK)
}

fn plan_within(r: &Request, limit: u64) -> Result<Planned, Error> {
    let cells = r.attackers.len() * r.defenders.len() * r.bands.len();
    if cells > MAX_CELLS {
        return Err(Error::too_large(format!(
            "{cells} attacks (units × defenders × range bands) is over the limit of {MAX_CELLS} \
             for one query: choose one range, or fewer defenders"
        )));
    }
    let mut planned = Planned {
        cells: Vec::with_capacity(cells),
        scenarios: Vec::new(),
        specs: Vec::new(),
        work: 0,
    };
    for (a, attacker) in r.attackers.iter().enumerate() {
        for (d, defender) in r.defenders.iter().enumerate() {
            for &band in r.bands {
                let candidates = planned.candidates(r, attacker, defender, band);
                planned.cells.push(Cell {
                    attacker: a,
                    defender: d,
                    band,
                    candidates,
                });
            }
        }
    }
    planned.work = cost_many(&planned.scenarios)?;
    if planned.work > limit {
        return Err(Error::too_large(Message::about(Input::Attacker).text(
            format!(
                "{} attacks take about {} steps of work, over the limit of {limit} for one query: \
             choose one range, fewer defenders, or the greedy policy",
                planned.scenarios.len(),
                planned.work
            ),
        )));
    }
    Ok(planned)
}

impl Planned {
    /// The work the attacks take, as the batch estimates it.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Adds the attacks one cell may be: the attacker's SPEC at the band, or, when that fits
    /// more weapons than the unit's minis add, each choice of one or two of its weapons.
    fn candidates(
        &mut self,
        r: &Request,
        attacker: &Unit,
        defender: &Unit,
        band: Band,
    ) -> Result<Vec<usize>, String> {
        let defending = joined(&[&defender.spec, r.defender_with]);
        let at = joined(&[&attacker.spec, &band.item(), r.attacker_with]);
        let first = match self.add(r, &at, &defending) {
            Ok(i) => return Ok(vec![i]),
            Err(e) => e,
        };
        let found: Vec<usize> = weapon_choices(&attacker.weapons)
            .iter()
            .filter_map(|chosen| {
                let spec = joined(&[&attacker.spec, &band.item(), chosen, r.attacker_with]);
                self.add(r, &spec, &defending).ok()
            })
            .collect();
        match found.is_empty() {
            true => Err(first),
            false => Ok(found),
        }
    }

    /// Parses one attack and keeps it, under the request's choices.
    fn add(&mut self, r: &Request, attacker: &str, defender: &str) -> Result<usize, String> {
        let s =
            Scenario::parse_with(attacker, defender, None, r.cards).map_err(|e| e.to_string())?;
        self.scenarios.push(s.under(r.choices));
        self.specs
            .push((attacker.to_string(), defender.to_string()));
        Ok(self.scenarios.len() - 1)
    }

    /// Makes every attack and keeps each cell's best, by mean wounds (the first of equals).
    pub fn run(self) -> Vec<Pairing> {
        let attacks = attack_many(&self.scenarios);
        let mut pairings: Vec<Pairing> = Vec::new();
        for cell in &self.cells {
            let shot = (cell.candidates.as_ref())
                .map_err(String::clone)
                .and_then(|places| self.best(places, &attacks));
            match pairings.last_mut() {
                Some(p) if p.attacker == cell.attacker && p.defender == cell.defender => {
                    p.bands.push((cell.band, shot))
                }
                _ => pairings.push(Pairing {
                    attacker: cell.attacker,
                    defender: cell.defender,
                    bands: vec![(cell.band, shot)],
                }),
            }
        }
        pairings
    }

    /// The candidate attack with the most mean wounds (the first of equals), or the first
    /// candidate's refusal when none could be made.
    fn best(
        &self,
        places: &[usize],
        attacks: &[Result<LegionAttack, Error>],
    ) -> Result<Shot, String> {
        let mut best: Option<(usize, &LegionAttack)> = None;
        let mut refused = None;
        for &i in places {
            match &attacks[i] {
                Ok(o) if best.is_none_or(|(_, b)| o.wounds.mean() > b.wounds.mean()) => {
                    best = Some((i, o))
                }
                Ok(_) => {}
                Err(e) => refused = refused.or_else(|| Some(e.to_string())),
            }
        }
        let (i, o) = best.ok_or_else(|| refused.unwrap_or_default())?;
        Ok(Shot {
            attacker: self.specs[i].0.clone(),
            defender: self.specs[i].1.clone(),
            wounds: o.wounds.clone(),
            wiped: o.losses.as_ref().map(|l| l.wiped.clone()),
        })
    }
}

/// Every attacker against every defender at every band of the request, each cell the best of
/// its candidate attacks.
///
/// ```
/// use holodice_engine::legion::army::{army, Band, Request, Unit};
/// use holodice_engine::legion::{cards::Cards, Scenario};
/// let unit = |spec: &str| Unit { name: spec.into(), spec: spec.into(), points: None, weapons: vec![] };
/// let choices = Scenario::parse("1 red", "white defense", None).unwrap();
/// let found = army(&Request {
///     attackers: &[unit("@Stormtroopers (ay)")],
///     defenders: &[unit("@Rebel Troopers")],
///     bands: &[Band::Range(2), Band::Range(4)],
///     attacker_with: "",
///     defender_with: "",
///     choices: &choices,
///     cards: Cards::builtin(),
/// })
/// .unwrap();
/// assert!(found[0].bands[0].1.is_ok());
/// assert!(found[0].bands[1].1.is_err(), "no E-11 reaches range 4");
/// ```
pub fn army(r: &Request) -> Result<Vec<Pairing>, Error> {
    Ok(plan(r)?.run())
}

/// The `weapon NAME` items of each choice of one or two of the weapons (a weapon whose name
/// holds a comma can't be named in a SPEC, and is left out).
fn weapon_choices(weapons: &[String]) -> Vec<String> {
    let mut names: Vec<&String> = weapons.iter().filter(|w| !w.contains(',')).collect();
    names.dedup();
    let mut out: Vec<String> = names.iter().map(|w| format!("weapon {w}")).collect();
    for (i, x) in names.iter().enumerate() {
        for y in &names[i + 1..] {
            out.push(format!("weapon {x}, weapon {y}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::Policy;

    fn unit(spec: String) -> Unit {
        Unit {
            name: spec.clone(),
            spec,
            points: None,
            weapons: Vec::new(),
        }
    }

    fn request<'a>(
        attackers: &'a [Unit],
        defenders: &'a [Unit],
        bands: &'a [Band],
        choices: &'a Scenario,
    ) -> Request<'a> {
        Request {
            attackers,
            defenders,
            bands,
            attacker_with: "",
            defender_with: "",
            choices,
            cards: Cards::builtin(),
        }
    }

    #[test]
    fn too_many_cells_are_refused_before_any_spec_is_read() {
        // hardening: army-cells
        let choices = Scenario::parse("1 red", "white defense", None).unwrap();
        let many: Vec<Unit> = (0..31).map(|_| unit("no such SPEC".into())).collect();
        let e = plan(&request(&many, &many, &Band::ALL, &choices))
            .err()
            .unwrap()
            .to_string();
        assert!(
            e.contains("4805 attacks") && e.contains("over the limit of 4500"),
            "{e}"
        );
    }

    #[test]
    fn the_work_of_all_the_cells_is_refused_past_the_limit_before_any_attack() {
        // hardening: army-work
        let choices = Scenario {
            policy: Policy::Optimal,
            ..Scenario::parse("1 red", "white defense", None).unwrap()
        };
        let attackers = [unit(
            "3 red, 3 black, 3 white, surge crit, aim 3, Precise 1".into(),
        )];
        let defenders = [unit("white defense".into())];
        let r = request(&attackers, &defenders, &[Band::Range(2)], &choices);
        let work = plan(&r).unwrap().work();
        let e = plan_within(&r, work - 1).err().unwrap().to_string();
        assert!(
            e.contains(&format!("over the limit of {} for one query", work - 1)),
            "{e}"
        );
    }
}
