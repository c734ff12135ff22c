//! The answer of `legion army`: the list as read, then a row per unit and defender (each band a
//! column) or, against another list, the matrix of unit against unit.

use super::answer::{Answer, View};
use super::context::LegionContext;
use super::values::Fraction;
use super::{squeeze, SCHEMA};
use crate::command::army::{Sort, Stat};
use crate::render::{Cell, Grid};
use holodice_engine::legion::army::{Band, Pairing, Shot, Unit};
use holodice_engine::legion::army_list::{ArmyList, ListCard, ListUnit};
use holodice_engine::legion::cards::Cards;
use holodice_engine::legion::Scenario;
use num_rational::BigRational;
use serde::Serialize;

/// What the answer is made of.
pub struct Inputs<'a> {
    pub list: &'a ArmyList,
    pub vs: Option<&'a ArmyList>,
    pub attackers: &'a [Unit],
    pub defenders: &'a [Unit],
    pub pairings: &'a [Pairing],
    /// The band asked for; `None`: each cell's best.
    pub chosen: Option<Band>,
    pub with: &'a str,
    pub attacker_with: &'a str,
    pub stat: Stat,
    pub sort: Sort,
    pub choices: &'a Scenario,
    pub cards: &'a Cards,
}

/// `legion army`'s answer: the lists, the defenders (without another list), each pairing's
/// shots, then the edition and policy.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionArmyAnswer")
)]
pub struct ArmyAnswer {
    schema: u32,
    list: List,
    #[serde(skip_serializing_if = "Option::is_none")]
    vs_list: Option<List>,
    #[serde(skip_serializing_if = "Option::is_none")]
    against: Option<Vec<Defender>>,
    /// The band asked for, or `best`.
    range: String,
    with: String,
    attacker_with: String,
    pairings: Vec<PairingAnswer>,
    #[serde(flatten)]
    context: LegionContext,
    /// How people see it: the band asked for, the statistic and the order.
    #[serde(skip)]
    shown: Shown,
}

#[derive(Debug, Clone)]
struct Shown {
    chosen: Option<Band>,
    stat: Stat,
    sort: Sort,
    /// The matrix's columns: the other list's units.
    defenders: Vec<String>,
}

/// A list as read: what a player checks against their list builder.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionList")
)]
struct List {
    title: Option<String>,
    faction: Option<String>,
    mode: Option<String>,
    max_points: Option<u32>,
    points: u32,
    battle_force: Option<String>,
    link: String,
    units: Vec<ListedUnit>,
    commands: Vec<Named>,
    contingencies: Vec<Named>,
    battle_cards: Vec<Named>,
    notes: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionListedUnit")
)]
struct ListedUnit {
    name: String,
    count: u32,
    points: u32,
    spec: String,
    upgrades: Vec<String>,
    loadout: Vec<String>,
    counterpart: Option<String>,
}

/// A command, contingency or battle card.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionListedCard")
)]
struct Named {
    name: String,
    pips: Option<u32>,
}

/// A defender profile (without another list).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionArmyDefender")
)]
struct Defender {
    name: String,
    spec: String,
}

/// One pairing: the two units, each band's shot (or why there is none) and the best band.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionPairing")
)]
struct PairingAnswer {
    attacker: String,
    attacker_points: Option<u32>,
    defender: String,
    defender_points: Option<u32>,
    bands: Vec<BandShot>,
    best: Option<String>,
    /// The attacker's place in its list (two units may share a name), and the best band's
    /// place in `bands`.
    #[serde(skip)]
    places: (usize, Option<usize>),
}

/// One band's shot, or why there is none.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionBandShot")
)]
#[serde(untagged)]
enum BandShot {
    Shot(Box<ShotAnswer>),
    Refused { band: String, refused: String },
}

/// A band's shot: the SPECs as attacked and its statistics.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(
    feature = "native",
    derive(schemars::JsonSchema),
    schemars(rename = "LegionShot")
)]
struct ShotAnswer {
    band: String,
    attacker: String,
    defender: String,
    mean_wounds: Fraction,
    at_least_one: Fraction,
    wiped: Option<Fraction>,
    mean_wounds_per_100_points: Option<Fraction>,
}

impl List {
    fn new(l: &ArmyList, cards: &Cards) -> List {
        let named = |cs: &[ListCard]| -> Vec<Named> {
            (cs.iter())
                .map(|c| Named {
                    name: c.name.clone(),
                    pips: c.pips,
                })
                .collect()
        };
        List {
            title: l.title.clone(),
            faction: l.faction.clone(),
            mode: l.mode.clone(),
            max_points: l.max_points,
            points: l.points(cards),
            battle_force: l.battle_force.clone(),
            link: l.link(),
            units: l.units.iter().map(|u| ListedUnit::new(u, cards)).collect(),
            commands: named(&l.commands),
            contingencies: named(&l.contingencies),
            battle_cards: named(&l.battle_cards),
            notes: l.notes.clone(),
        }
    }

    /// The list as a caption names it: its title (or faction) and points.
    fn caption(&self) -> String {
        let name = (self.title.clone())
            .or_else(|| self.faction.clone())
            .unwrap_or_else(|| "army".into());
        format!("{name} ({} points)", self.points)
    }
}

impl ListedUnit {
    fn new(u: &ListUnit, cards: &Cards) -> ListedUnit {
        let names = |ids: &[Option<String>]| -> Vec<String> {
            ids.iter()
                .flatten()
                .map(|id| card_name(cards, id))
                .collect()
        };
        ListedUnit {
            name: u.name(cards),
            count: u.count,
            points: u.points(cards),
            spec: u.spec(cards),
            upgrades: names(&u.upgrades),
            loadout: names(&u.loadout),
            counterpart: u.counterpart.as_ref().map(|c| c.name(cards)),
        }
    }
}

/// A card's full name by its id (the id itself when no card has it).
fn card_name(cards: &Cards, id: &str) -> String {
    cards
        .by_id(id)
        .map_or_else(|| id.to_string(), |c| c.full_name())
}

fn per_100(s: &Shot, attacker: &Unit) -> Option<BigRational> {
    let p = attacker.points.filter(|p| *p > 0)?;
    Some(
        s.wounds.mean() * BigRational::from_integer(100.into())
            / BigRational::from_integer(p.into()),
    )
}

impl PairingAnswer {
    fn new(v: &Inputs, p: &Pairing) -> PairingAnswer {
        let (a, d) = (&v.attackers[p.attacker], &v.defenders[p.defender]);
        let bands = (p.bands.iter())
            .map(|(band, shot)| match shot {
                Ok(s) => BandShot::Shot(Box::new(ShotAnswer {
                    band: band.label(),
                    attacker: s.attacker.clone(),
                    defender: s.defender.clone(),
                    mean_wounds: Fraction(s.wounds.mean()),
                    at_least_one: Fraction(s.wounds.at_least(1)),
                    wiped: s.wiped.clone().map(Fraction),
                    mean_wounds_per_100_points: per_100(s, a).map(Fraction),
                })),
                Err(e) => BandShot::Refused {
                    band: band.label(),
                    refused: e.clone(),
                },
            })
            .collect();
        let best = p.best().map(|(b, _)| b);
        PairingAnswer {
            attacker: a.name.clone(),
            attacker_points: a.points,
            defender: d.name.clone(),
            defender_points: d.points,
            bands,
            best: best.map(Band::label),
            places: (
                p.attacker,
                best.and_then(|b| p.bands.iter().position(|(x, _)| *x == b)),
            ),
        }
    }

    /// The best band's mean wounds, for the order by mean.
    fn best_mean(&self) -> Option<&BigRational> {
        match self.bands.get(self.places.1?)? {
            BandShot::Shot(s) => Some(&s.mean_wounds.0),
            BandShot::Refused { .. } => None,
        }
    }

    /// The band a matrix cell shows: the one band asked for, or the best.
    fn shown(&self) -> Option<&BandShot> {
        match self.bands.len() {
            1 => self.bands.first(),
            _ => self.bands.get(self.places.1?),
        }
    }
}

impl BandShot {
    /// The statistic of the shot; "—" where there is none.
    fn cell(&self, stat: Stat) -> Cell {
        let none = || Cell::Label("—".into());
        let BandShot::Shot(s) = self else {
            return none();
        };
        match stat {
            Stat::Mean => Cell::Mean(s.mean_wounds.0.clone()),
            Stat::Atleast1 => Cell::Prob(s.at_least_one.0.clone()),
            Stat::Wiped => (s.wiped.as_ref()).map_or_else(none, |p| Cell::Prob(p.0.clone())),
            Stat::Per100 => (s.mean_wounds_per_100_points.as_ref())
                .map_or_else(none, |m| Cell::Mean(m.0.clone())),
        }
    }

    fn band(&self) -> &str {
        match self {
            BandShot::Shot(s) => &s.band,
            BandShot::Refused { band, .. } => band,
        }
    }
}

impl ArmyAnswer {
    pub fn new(v: &Inputs) -> ArmyAnswer {
        let against = (v.defenders.iter())
            .map(|d| Defender {
                name: d.name.clone(),
                spec: d.spec.clone(),
            })
            .collect();
        ArmyAnswer {
            schema: SCHEMA,
            list: List::new(v.list, v.cards),
            vs_list: v.vs.map(|vs| List::new(vs, v.cards)),
            against: v.vs.is_none().then_some(against),
            range: v.chosen.map_or("best".into(), Band::label),
            with: v.with.to_string(),
            attacker_with: v.attacker_with.to_string(),
            pairings: v
                .pairings
                .iter()
                .map(|p| PairingAnswer::new(v, p))
                .collect(),
            context: LegionContext::new(None, v.choices),
            shown: Shown {
                chosen: v.chosen,
                stat: v.stat,
                sort: v.sort,
                defenders: v.defenders.iter().map(|d| d.name.clone()).collect(),
            },
        }
    }

    /// The list's notes, the other list's, and without one what each named profile stands for.
    fn legend(&self) -> Vec<(String, String)> {
        let notes = |who: &str, l: &List| -> Vec<(String, String)> {
            l.notes
                .iter()
                .map(|n| (who.to_string(), n.clone()))
                .collect()
        };
        let mut legend = notes("list", &self.list);
        match (&self.vs_list, &self.against) {
            (Some(vs), _) => legend.extend(notes("other list", vs)),
            (None, Some(against)) => legend.extend(
                (against.iter())
                    .filter(|d| d.name != d.spec)
                    .map(|d| (d.name.clone(), d.spec.clone())),
            ),
            (None, None) => {}
        }
        legend
    }

    fn caption(&self) -> String {
        let against = match (&self.vs_list, self.against.as_ref().map(Vec::len)) {
            (Some(vs), _) => format!("against {}", vs.caption()),
            (None, Some(1)) => "against 1 defender".into(),
            (None, n) => format!("against {} defenders", n.unwrap_or(0)),
        };
        let band = (self.shown.chosen).map_or("each cell at its best band".into(), |b| {
            format!("at {}", b.label())
        });
        let with = match (self.with.trim(), self.attacker_with.trim()) {
            ("", "") => String::new(),
            (w, "") => format!("; every defender with {}", squeeze(w)),
            ("", a) => format!("; every attacker with {}", squeeze(a)),
            (w, a) => format!(
                "; every defender with {}, every attacker with {}",
                squeeze(w),
                squeeze(a)
            ),
        };
        format!(
            "{} {against}, {band}, cells {}{with}; {}",
            self.list.caption(),
            stat_name(self.shown.stat),
            self.context.line()
        )
    }

    /// A row per unit and defender: the statistic at each band and the best band.
    fn by_defender(&self) -> (Vec<String>, Vec<Vec<Cell>>) {
        let mut header = vec!["unit".to_string(), "points".into(), "defender".into()];
        if let Some(p) = self.pairings.first() {
            header.extend(p.bands.iter().map(|b| b.band().to_string()));
        }
        if self.shown.chosen.is_none() {
            header.push("best".into());
        }
        let mut pairings: Vec<&PairingAnswer> = self.pairings.iter().collect();
        if self.shown.sort == Sort::Mean {
            pairings.sort_by_key(|p| std::cmp::Reverse(p.best_mean()));
        }
        let rows = (pairings.into_iter())
            .map(|p| {
                let mut row = vec![
                    Cell::Label(p.attacker.clone()),
                    points(p.attacker_points),
                    Cell::Label(p.defender.clone()),
                ];
                row.extend(p.bands.iter().map(|b| b.cell(self.shown.stat)));
                if self.shown.chosen.is_none() {
                    row.push(Cell::Label(p.best.clone().unwrap_or_else(|| "—".into())));
                }
                row
            })
            .collect();
        (header, rows)
    }

    /// The matrix: a row per attacking unit, a column per defending unit, each cell at the
    /// chosen band or its best.
    fn matrix(&self) -> (Vec<String>, Vec<Vec<Cell>>) {
        let mut header = vec!["unit".to_string(), "points".into()];
        let mut rows: Vec<Vec<&PairingAnswer>> = Vec::new();
        for p in &self.pairings {
            match rows.last_mut() {
                Some(ps) if ps[0].places.0 == p.places.0 => ps.push(p),
                _ => rows.push(vec![p]),
            }
        }
        header.extend(self.shown.defenders.iter().cloned());
        if self.shown.sort == Sort::Mean {
            let total = |ps: &Vec<&PairingAnswer>| -> BigRational {
                ps.iter().filter_map(|p| p.best_mean()).sum()
            };
            rows.sort_by_key(|ps| std::cmp::Reverse(total(ps)));
        }
        let rows = (rows.into_iter())
            .map(|ps| {
                let mut row = vec![
                    Cell::Label(ps[0].attacker.clone()),
                    points(ps[0].attacker_points),
                ];
                row.extend(ps.iter().map(|p| {
                    p.shown()
                        .map_or(Cell::Label("—".into()), |b| b.cell(self.shown.stat))
                }));
                row
            })
            .collect();
        (header, rows)
    }
}

impl Answer for ArmyAnswer {
    fn view(&self) -> View {
        let (header, rows) = match &self.vs_list {
            None => self.by_defender(),
            Some(_) => self.matrix(),
        };
        View::Grid(Grid {
            title: "Legion army (exact)".into(),
            caption: self.caption(),
            legend: self.legend(),
            header,
            rows,
        })
    }
}

fn stat_name(s: Stat) -> &'static str {
    match s {
        Stat::Mean => "mean wounds",
        Stat::Atleast1 => "the chance of at least one wound",
        Stat::Wiped => "the chance to wipe the defender",
        Stat::Per100 => "mean wounds per 100 points of the attacker",
    }
}

fn points(p: Option<u32>) -> Cell {
    Cell::Label(p.map_or("—".into(), |p| p.to_string()))
}
