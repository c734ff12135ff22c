//! The page's colours against WCAG 2.2's contrast minimums, in the light theme and in the dark
//! one the system setting picks: read from `web/app.css` as the browser reads them.

use std::collections::HashMap;

/// The custom properties of the light theme (`:root`) and of the dark one.
fn themes() -> [(&'static str, HashMap<String, String>); 2] {
    let css = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/web/app.css")).unwrap();
    let dark_at = css
        .find("@media (prefers-color-scheme: dark)")
        .expect("app.css has a dark theme");
    let light = variables(&css[..dark_at]);
    let mut dark = light.clone();
    dark.extend(variables(&css[dark_at..]));
    [("light", light), ("dark", dark)]
}

/// The `--name: value;` declarations of the first `:root { … }` block of `css`.
fn variables(css: &str) -> HashMap<String, String> {
    let start = css.find(":root {").expect("a :root block") + ":root {".len();
    let block = &css[start..start + css[start..].find('}').unwrap()];
    block
        .split(';')
        .filter_map(|d| d.trim().strip_prefix("--"))
        .filter_map(|d| d.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect()
}

/// WCAG's relative luminance of `#rrggbb`.
fn luminance(hex: &str) -> f64 {
    let hex = hex
        .strip_prefix('#')
        .unwrap_or_else(|| panic!("{hex} is not #rrggbb"));
    assert_eq!(hex.len(), 6, "{hex} is not #rrggbb");
    let channel = |i: usize| {
        let c = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
}

fn contrast(a: &str, b: &str) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

#[test]
fn text_meets_wcag_aa_contrast_in_the_light_and_the_dark_theme() {
    // Each text colour on each background it is drawn on: 4.5:1 for text (1.4.3); the focus ring
    // 3:1 against the page (1.4.11).
    let text = [
        ("ink", "paper"),
        ("ink", "wash"),
        ("ink", "note"),
        ("muted", "paper"),
        ("muted", "wash"),
        ("muted", "note"),
        ("accent", "paper"),
        ("accent", "note"),
        ("accent-ink", "accent"),
        ("bad", "paper"),
    ];
    for (theme, colours) in themes() {
        let colour = |name: &str| {
            colours
                .get(name)
                .unwrap_or_else(|| panic!("{theme} theme: no --{name}"))
                .as_str()
        };
        for (fore, back) in text {
            let ratio = contrast(colour(fore), colour(back));
            assert!(
                ratio >= 4.5,
                "{theme}: --{fore} on --{back} is {ratio:.2}:1, under 4.5:1"
            );
        }
        for back in ["paper", "wash"] {
            let ratio = contrast(colour("focus"), colour(back));
            assert!(
                ratio >= 3.0,
                "{theme}: the focus ring on --{back} is {ratio:.2}:1"
            );
        }
    }
}

#[test]
fn the_dark_theme_is_dark_and_follows_the_system_setting() {
    let [(_, light), (_, dark)] = themes();
    assert!(luminance(&dark["paper"]) < 0.05 && luminance(&dark["ink"]) > 0.6);
    assert!(luminance(&light["paper"]) > 0.9);
    let css = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/web/app.css")).unwrap();
    assert!(
        css.contains("color-scheme: light dark"),
        "form controls follow the theme"
    );
}
