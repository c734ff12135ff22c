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

/// The colours of the chart's series looks: chart.js's (the light theme's and the share
/// image's), and the dark theme's from app.css, in look order.
fn looks() -> [Vec<String>; 2] {
    let root = env!("CARGO_MANIFEST_DIR");
    let chart = std::fs::read_to_string(format!("{root}/web/js/chart.js")).unwrap();
    let start = chart
        .find("export const COLOURS = [")
        .expect("chart.js's COLOURS");
    let list = &chart[start..start + chart[start..].find(']').unwrap()];
    let light = list
        .split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect();
    let css = std::fs::read_to_string(format!("{root}/web/app.css")).unwrap();
    let dark = (0..7)
        .map(|i| {
            let rule = format!(".look-{i} {{ --look: ");
            let at = css
                .find(&rule)
                .unwrap_or_else(|| panic!("app.css: no dark .look-{i}"))
                + rule.len();
            css[at..at + 7].to_string()
        })
        .collect();
    [light, dark]
}

#[test]
fn every_series_of_the_chart_stands_out_from_the_page_in_both_themes() {
    // Graphics: 3:1 against the background (WCAG 1.4.11).
    let [(_, light), (_, dark)] = themes();
    let [light_looks, dark_looks] = looks();
    assert_eq!(light_looks.len(), 7, "{light_looks:?}");
    for (theme, paper, colours) in [
        ("light", &light["paper"], light_looks),
        ("dark", &dark["paper"], dark_looks),
    ] {
        for (i, colour) in colours.iter().enumerate() {
            let ratio = contrast(colour, paper);
            assert!(
                ratio >= 3.0,
                "{theme}: look {i} ({colour}) on the page is {ratio:.2}:1"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "drives Debian's chromium: cargo test -- --ignored (CI does)"]
async fn a_system_set_to_dark_gets_the_dark_theme_and_its_chart_colours() {
    use crate::browser::{browser, query};
    use crate::site::DevTools;
    let b = browser().await;
    let dark = serde_json::json!({"features": [{"name": "prefers-color-scheme", "value": "dark"}]});
    b.client
        .issue_cmd(DevTools("Emulation.setEmulatedMedia", dark))
        .await
        .unwrap();
    b.open(&query(&[
        ("game", "swtcg"),
        ("attacker", "Power 5, Accuracy 1, Critical Hit 2"),
        ("defender", "Health 4, Armor"),
    ]))
    .await;
    b.text_when("#headline", |t| !t.is_empty()).await;
    let seen = b
        .js("const css = (e, p) => getComputedStyle(document.querySelector(e)).getPropertyValue(p); \
             return [css('body', 'color'), css('#result', 'background-color'), \
                     css('#chart rect.look-0', 'fill'), css('#chart polyline.look-0', 'stroke')];")
        .await;
    let [(_, _), (_, theme)] = themes();
    let rgb = |hex: &str| {
        let c = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap();
        format!("rgb({}, {}, {})", c(1), c(3), c(5))
    };
    let [_, dark_looks] = looks();
    let expected = [
        rgb(&theme["ink"]),
        rgb(&theme["paper"]),
        rgb(&dark_looks[0]),
        rgb(&dark_looks[0]),
    ];
    assert_eq!(seen, serde_json::json!(expected));
    b.close().await;
}
