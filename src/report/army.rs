//! The answer of `legion army`: the list as read, then a row per unit and defender (each band a
//! column) or, against another list, the matrix of unit against unit.

use super::legion::shared_context;
use super::{entries_json, squeeze, SCHEMA};
use crate::command::army::{Sort, Stat};
use crate::render::{Cell, Grid};
use holodice_engine::legion::army::{Band, Pairing, Shot, Unit};
use holodice_engine::legion::army_list::ArmyList;
use holodice_engine::legion::cards::Cards;
use holodice_engine::legion::Scenario;
use num_rational::BigRational;
use serde_json::{json, Map, Value as Json};

/// What the answer is made of.
pub struct View<'a> {
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

/// The grid every format renders, JSON included.
pub fn grid(v: &View) -> Grid {
    let (context, line) = shared_context(None, v.choices);
    let (header, rows) = match v.vs {
        None => by_defender(v),
        Some(_) => matrix(v),
    };
    let mut legend: Vec<(String, String)> = v
        .list
        .notes
        .iter()
        .map(|n| ("list".to_string(), n.clone()))
        .collect();
    match v.vs {
        Some(vs) => legend.extend(vs.notes.iter().map(|n| ("other list".into(), n.clone()))),
        // A named profile says which unit it stands for.
        None => legend.extend(
            (v.defenders.iter())
                .filter(|d| d.name != d.spec)
                .map(|d| (d.name.clone(), d.spec.clone())),
        ),
    }
    let mut json = Map::new();
    json.insert("schema".into(), json!(SCHEMA));
    json.insert("list".into(), list_json(v.list, v.cards));
    if let Some(vs) = v.vs {
        json.insert("vs_list".into(), list_json(vs, v.cards));
    } else {
        let against: Vec<Json> = (v.defenders.iter())
            .map(|d| json!({"name": d.name, "spec": d.spec}))
            .collect();
        json.insert("against".into(), Json::Array(against));
    }
    json.insert(
        "range".into(),
        json!(v.chosen.map_or("best".into(), Band::label)),
    );
    json.insert("with".into(), json!(v.with));
    json.insert("attacker_with".into(), json!(v.attacker_with));
    let pairings: Vec<Json> = v.pairings.iter().map(|p| pairing_json(v, p)).collect();
    json.insert("pairings".into(), Json::Array(pairings));
    json.extend(entries_json(&context));
    Grid {
        title: "Legion army (exact)".into(),
        caption: caption(v, &line),
        legend,
        header,
        rows,
        json: Json::Object(json),
    }
}

fn caption(v: &View, line: &str) -> String {
    let list = title(v.list, v.cards);
    let against = match v.vs {
        Some(vs) => format!("against {}", title(vs, v.cards)),
        None => match v.defenders.len() {
            1 => "against 1 defender".into(),
            n => format!("against {n} defenders"),
        },
    };
    let band = v.chosen.map_or("each cell at its best band".into(), |b| {
        format!("at {}", b.label())
    });
    let with = match (v.with.trim(), v.attacker_with.trim()) {
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
        "{list} {against}, {band}, cells {}{with}; {line}",
        stat_name(v.stat)
    )
}

/// A list as a caption names it: its title (or faction) and points.
fn title(l: &ArmyList, cards: &Cards) -> String {
    let name = (l.title.clone())
        .or_else(|| l.faction.clone())
        .unwrap_or_else(|| "army".into());
    format!("{name} ({} points)", l.points(cards))
}

fn stat_name(s: Stat) -> &'static str {
    match s {
        Stat::Mean => "mean wounds",
        Stat::Atleast1 => "the chance of at least one wound",
        Stat::Wiped => "the chance to wipe the defender",
        Stat::Per100 => "mean wounds per 100 points of the attacker",
    }
}

/// A row per unit and defender: the statistic at each band and the best band.
fn by_defender(v: &View) -> (Vec<String>, Vec<Vec<Cell>>) {
    let bands = bands(v);
    let mut header = vec!["unit".to_string(), "points".into(), "defender".into()];
    header.extend(bands.iter().map(|b| b.label()));
    if v.chosen.is_none() {
        header.push("best".into());
    }
    let rows = ordered(v, v.pairings.iter().collect())
        .into_iter()
        .map(|p| {
            let a = &v.attackers[p.attacker];
            let mut row = vec![
                Cell::Label(a.name.clone()),
                points(a),
                Cell::Label(v.defenders[p.defender].name.clone()),
            ];
            row.extend(p.bands.iter().map(|(_, s)| cell(v, a, s.as_ref().ok())));
            if v.chosen.is_none() {
                row.push(Cell::Label(p.best().map_or("—".into(), |(b, _)| b.label())));
            }
            row
        })
        .collect();
    (header, rows)
}

/// The matrix: a row per attacking unit, a column per defending unit, each cell at the chosen
/// band or its best.
fn matrix(v: &View) -> (Vec<String>, Vec<Vec<Cell>>) {
    let mut header = vec!["unit".to_string(), "points".into()];
    header.extend(v.defenders.iter().map(|d| d.name.clone()));
    let mut rows: Vec<(usize, Vec<&Pairing>)> = Vec::new();
    for p in v.pairings {
        match rows.last_mut() {
            Some((a, ps)) if *a == p.attacker => ps.push(p),
            _ => rows.push((p.attacker, vec![p])),
        }
    }
    if v.sort == Sort::Mean {
        let total = |ps: &Vec<&Pairing>| -> BigRational {
            ps.iter()
                .filter_map(|p| p.best().map(|(_, s)| s.wounds.mean()))
                .sum()
        };
        rows.sort_by_key(|(_, ps)| std::cmp::Reverse(total(ps)));
    }
    let rows = rows
        .into_iter()
        .map(|(a, ps)| {
            let unit = &v.attackers[a];
            let mut row = vec![Cell::Label(unit.name.clone()), points(unit)];
            row.extend(ps.iter().map(|p| cell(v, unit, shown(p))));
            row
        })
        .collect();
    (header, rows)
}

/// The shot a matrix cell shows: the one band asked for, or the best.
fn shown(p: &Pairing) -> Option<&Shot> {
    match p.bands.len() {
        1 => p.bands[0].1.as_ref().ok(),
        _ => p.best().map(|(_, s)| s),
    }
}

/// The bands computed, in order.
fn bands(v: &View) -> Vec<Band> {
    (v.pairings.first())
        .map(|p| p.bands.iter().map(|(b, _)| *b).collect())
        .unwrap_or_default()
}

/// The rows in the order asked.
fn ordered<'a>(v: &View, mut rows: Vec<&'a Pairing>) -> Vec<&'a Pairing> {
    if v.sort == Sort::Mean {
        rows.sort_by_key(|p| std::cmp::Reverse(p.best().map(|(_, s)| s.wounds.mean())));
    }
    rows
}

fn points(u: &Unit) -> Cell {
    Cell::Label(u.points.map_or("—".into(), |p| p.to_string()))
}

/// The statistic of one shot; "—" where there is none.
fn cell(v: &View, attacker: &Unit, shot: Option<&Shot>) -> Cell {
    let none = || Cell::Label("—".into());
    let Some(s) = shot else { return none() };
    match v.stat {
        Stat::Mean => Cell::Mean(s.wounds.mean()),
        Stat::Atleast1 => Cell::Prob(s.wounds.at_least(1)),
        Stat::Wiped => s.wiped.clone().map_or_else(none, Cell::Prob),
        Stat::Per100 => per_100(s, attacker).map_or_else(none, Cell::Mean),
    }
}

fn per_100(s: &Shot, attacker: &Unit) -> Option<BigRational> {
    let p = attacker.points.filter(|p| *p > 0)?;
    Some(
        s.wounds.mean() * BigRational::from_integer(100.into())
            / BigRational::from_integer(p.into()),
    )
}

fn fraction(x: &BigRational) -> Json {
    Json::String(x.to_string())
}

/// One pairing: the two units, each band's shot (or why there is none) and the best band.
fn pairing_json(v: &View, p: &Pairing) -> Json {
    let (a, d) = (&v.attackers[p.attacker], &v.defenders[p.defender]);
    let bands: Vec<Json> = (p.bands.iter())
        .map(|(band, shot)| match shot {
            Ok(s) => json!({
                "band": band.label(),
                "attacker": s.attacker,
                "defender": s.defender,
                "mean_wounds": fraction(&s.wounds.mean()),
                "at_least_one": fraction(&s.wounds.at_least(1)),
                "wiped": s.wiped.as_ref().map(fraction),
                "mean_wounds_per_100_points": per_100(s, a).as_ref().map(fraction),
            }),
            Err(e) => json!({"band": band.label(), "refused": e}),
        })
        .collect();
    json!({
        "attacker": a.name,
        "attacker_points": a.points,
        "defender": d.name,
        "defender_points": d.points,
        "bands": bands,
        "best": p.best().map(|(b, _)| b.label()),
    })
}

/// The list as read: what a player checks against their list builder.
fn list_json(l: &ArmyList, cards: &Cards) -> Json {
    let name = |id: &Option<String>| -> Json {
        id.as_ref()
            .map_or(Json::Null, |id| json!(card_name(cards, id)))
    };
    let units: Vec<Json> = (l.units.iter())
        .map(|u| {
            json!({
                "name": u.name(cards),
                "count": u.count,
                "points": u.points(cards),
                "spec": u.spec(cards),
                "upgrades": u.upgrades.iter().filter(|x| x.is_some()).map(name).collect::<Vec<_>>(),
                "loadout": u.loadout.iter().filter(|x| x.is_some()).map(name).collect::<Vec<_>>(),
                "counterpart": u.counterpart.as_ref().map(|c| c.name(cards)),
            })
        })
        .collect();
    let named = |cs: &[holodice_engine::legion::army_list::ListCard]| -> Json {
        Json::Array(
            cs.iter()
                .map(|c| json!({"name": c.name, "pips": c.pips}))
                .collect(),
        )
    };
    json!({
        "title": l.title,
        "faction": l.faction,
        "mode": l.mode,
        "max_points": l.max_points,
        "points": l.points(cards),
        "battle_force": l.battle_force,
        "link": l.link(),
        "units": units,
        "commands": named(&l.commands),
        "contingencies": named(&l.contingencies),
        "battle_cards": named(&l.battle_cards),
        "notes": l.notes,
    })
}

/// A card's full name by its id (the id itself when no card has it).
fn card_name(cards: &Cards, id: &str) -> String {
    cards
        .by_id(id)
        .map_or_else(|| id.to_string(), |c| c.full_name())
}
