//! Setting the unit field an item names: on the attacker (and the loadout its pool forms from),
//! the defender or the guardian.

use super::items::{Field, Role};
use super::loadout::Loadout;
use super::scenario::Scenario;
use super::units::{AttackSurge, Attacker, Defender, DefenseDie, UnitType};

/// Sets the field an item names on the unit of `role`.
pub(crate) fn set(
    s: &mut Scenario,
    l: &mut Loadout,
    role: Role,
    field: Field,
    v: u32,
) -> Result<(), String> {
    match role {
        Role::Attacker => set_attacker(&mut s.attacker, l, field, v),
        Role::Defender => set_defender(&mut s.defender, field, v),
        Role::Guardian => set_defender(s.guardian.get_or_insert_with(Defender::default), field, v),
    }
}

/// The attacker's items that form its pool, then the others.
fn set_attacker(a: &mut Attacker, l: &mut Loadout, field: Field, v: u32) -> Result<(), String> {
    match field {
        Field::Weapon => {
            return Err(
                "'weapon' needs the weapon's name, as in 'weapon E-11 Blaster Rifle'".into(),
            )
        }
        Field::Range => l.range = Some(v),
        Field::Minis if v == 0 => {
            return Err("a wiped unit makes no attack: give the minis left, 1 or more".into())
        }
        Field::Minis => l.minis = Some(v),
        Field::Wounded => a.wounded = v,
        Field::Moved => l.moved = true,
        Field::Within => l.within = Some(v),
        Field::Arsenal => l.arsenal = l.arsenal.max(v),
        Field::LongShot => l.long_shot = true,
        Field::Overrun => {
            a.overrun = true;
            a.melee = false;
        }
        f if l.typed.set(f, v) => {}
        f => return set_attacker_field(a, f, v),
    }
    Ok(())
}

/// The attacker's fields the attack itself reads.
pub(crate) fn set_attacker_field(a: &mut Attacker, field: Field, v: u32) -> Result<(), String> {
    match field {
        Field::Red => a.dice[0] = v,
        Field::Black => a.dice[1] = v,
        Field::White => a.dice[2] = v,
        Field::Melee => (a.melee, a.overrun) = (true, false),
        Field::Ranged => (a.melee, a.overrun) = (false, false),
        Field::Overrun => (a.melee, a.overrun) = (false, true),
        Field::Ion => a.ion += v,
        Field::Primitive => a.primitive = true,
        Field::Suppressive => a.suppressive = true,
        Field::ImmuneDeflect => a.immune_deflect = true,
        Field::JediHunter => a.jedi_hunter = true,
        Field::HoldTheLine => a.hold_the_line = true,
        Field::CompleteTheMission => a.complete_the_mission = true,
        Field::DeathFromAbove => a.death_from_above = true,
        Field::AdvancedTargeting => a.advanced_targeting += v,
        Field::Makashi => a.makashi = true,
        Field::JarKai => a.jarkai = true,
        Field::Dodge => a.dodge = v,
        Field::Vaapad => a.vaapad = true,
        Field::Aim => a.aim = v,
        Field::Observation => a.observation = v,
        Field::Precise => a.precise += v,
        Field::SurgeHit => a.surge = AttackSurge::Hit,
        Field::SurgeCrit => a.surge = AttackSurge::Crit,
        Field::SurgeTokens => a.surge_tokens = v,
        Field::Critical => a.critical += v,
        Field::Sharpshooter => a.sharpshooter += v,
        Field::Blast => a.blast = true,
        Field::HighVelocity => a.high_velocity = true,
        Field::Impact => a.impact += v,
        Field::Lethal => a.lethal += v,
        Field::Ram => a.ram += v,
        Field::Duelist => a.duelist = true,
        Field::Marksman => a.marksman = true,
        Field::Pierce => a.pierce += v,
        Field::None => {}
        other => return Err(format!("{other:?} is not an attacker item")),
    }
    Ok(())
}

fn set_defender(d: &mut Defender, field: Field, v: u32) -> Result<(), String> {
    match field {
        Field::RedDefense => d.die = Some(DefenseDie::Red),
        Field::WhiteDefense => d.die = Some(DefenseDie::White),
        Field::SurgeBlock => d.surge_block = true,
        Field::SurgeTokens => d.surge_tokens = v,
        Field::Dodge => d.dodge = v,
        Field::Cover if v > 2 => {
            return Err("terrain cover is 0, 1 or 2 (none, light, heavy)".into());
        }
        Field::Cover => d.cover = v,
        Field::CoverNone => d.cover = 0,
        Field::CoverLight => d.cover = 1,
        Field::CoverHeavy => d.cover = 2,
        Field::CoverKeyword => d.cover_keyword += v,
        Field::Suppression => d.suppression = v,
        Field::Courage if v == 0 => {
            return Err(
                "courage is 1 or more; a unit whose courage is '—' (never suppressed) is \
                 'courage none'"
                    .into(),
            )
        }
        Field::Courage => d.courage = Some(v),
        Field::CourageNone => d.courage = None,
        Field::DugIn => d.dug_in = true,
        Field::LowProfile => d.low_profile = true,
        Field::Outmaneuver => d.outmaneuver = true,
        Field::Armor => d.armor = true,
        Field::ArmorX => d.armor_x += v,
        Field::Shielded => d.shielded += v,
        Field::Backup => d.backup = true,
        Field::Guardian => d.guardian += v,
        Field::DangerSense => d.danger_sense += v,
        Field::Impervious => d.impervious = true,
        Field::UncannyLuck => d.uncanny_luck += v,
        Field::Block => d.block = true,
        Field::Nimble => d.nimble = true,
        Field::Deflect => d.deflect = true,
        Field::ImmunePierce => d.immune_pierce = true,
        Field::Duelist => d.duelist = true,
        Field::Smoke => d.smoke = v,
        Field::ImmuneMeleePierce => d.immune_melee_pierce = true,
        Field::ImmuneBlast => d.immune_blast = true,
        Field::ImmuneMelee => d.immune_melee = true,
        Field::WeakPoint => d.weak_point += v,
        Field::ForceUser => d.force_user = true,
        Field::HoldTheLine => d.hold_the_line = true,
        Field::CompleteTheMission => d.complete_the_mission = true,
        Field::Shien => d.shien = true,
        Field::Soresu => d.soresu = true,
        Field::DjemSo => d.djem_so = true,
        Field::Vaapad => d.vaapad = true,
        Field::Wounded => d.wounded = v,
        Field::NotRegs => d.not_regs = true,
        Field::Unconcerned => d.unconcerned = true,
        Field::Wounds if v == 0 => return Err("a mini has at least 1 wound".into()),
        Field::Wounds => d.wounds = Some(v),
        Field::Minis if v == 0 => return Err("a unit has at least 1 mini".into()),
        Field::Minis => d.minis = Some(v),
        Field::Trooper => d.unit_type = Some(UnitType::Trooper),
        Field::Vehicle => d.unit_type = Some(UnitType::Vehicle),
        Field::ImmuneRange1 => d.immune_range_1 = true,
        Field::None => {}
        other => return Err(format!("{other:?} is not a defender item")),
    }
    Ok(())
}
