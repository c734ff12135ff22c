//! Every document format parses with a real parser: HTML with html5ever (no parse errors, a
//! complete page), CSV with a CSV reader (a header, then data rows whose probabilities sum to
//! 1), LaTeX checked for its structure and compiled with pdflatex (an ignored test: CI runs it);
//! JSON and YAML carry the schema version.

use crate::common::{holodice_ok, scratch};
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::BTreeMap;
use std::str::FromStr;

/// One query of each shape a renderer draws: reports of both games, a sequence, a table and a
/// comparison.
const QUERIES: &[&[&str]] = &[
    &[
        "swtcg",
        "attack",
        "--attacker",
        "Power 5, Critical Hit 1, Fury 1",
        "--defender",
        "Health 4, Parry 1, Armor",
        "--rule",
        "overkill=all",
    ],
    &[
        "legion",
        "attack",
        "--attacker",
        "4 red, surge crit, aim 1",
        "--defender",
        "white defense, surge block, cover light",
        "--guardian",
        "Guardian 1, red defense",
    ],
    &[
        "swtcg",
        "sequence",
        "--attacker",
        "Power 3",
        "--defender",
        "Health 4",
        "--until-destroyed",
        "--attacks",
        "12",
    ],
    &[
        "table",
        "swtcg",
        "--rows",
        "Power 1..4",
        "--cols",
        "Accuracy -1..1",
    ],
    &[
        "swtcg",
        "compare",
        "--attacker",
        "Power 5, Accuracy 1",
        "--attacker",
        "Power 5, Critical Hit 2",
        "--defender",
        "Health 4, Armor",
    ],
    &[
        "legion",
        "compare",
        "--attacker",
        "3 red",
        "--attacker",
        "3 black, Pierce 1",
        "--defender",
        "red defense, cover heavy",
    ],
];

fn run(query: &[&str], extra: &[&str]) -> String {
    let args: Vec<&str> = query.iter().chain(extra).copied().collect();
    holodice_ok(&args)
}

#[test]
fn html_is_a_complete_page_without_parse_errors() {
    use scraper::{Html, Selector};
    let select = |s: &str| Selector::parse(s).unwrap();
    for query in QUERIES {
        let page = run(query, &["--format", "html"]);
        assert!(page.starts_with("<!DOCTYPE html>\n"), "{query:?}");
        let doc = Html::parse_document(&page);
        assert!(doc.errors.is_empty(), "{query:?}: {:?}", doc.errors);
        let charset = doc.select(&select("head meta[charset]")).next().unwrap();
        assert_eq!(charset.value().attr("charset"), Some("utf-8"));
        let title = doc.select(&select("head title")).next().unwrap();
        let h1 = doc.select(&select("body h1")).next().unwrap();
        assert_eq!(title.inner_html(), h1.inner_html(), "{query:?}");
        assert!(doc.select(&select("head style")).next().is_some());
        for table in doc.select(&select("table")) {
            assert!(
                table.select(&select("caption")).next().is_some(),
                "{query:?}"
            );
            let width = table.select(&select("thead th")).count();
            for row in table.select(&select("tbody tr")) {
                assert_eq!(row.select(&select("th, td")).count(), width, "{query:?}");
            }
        }
        assert!(
            doc.select(&select("svg")).next().is_none(),
            "no chart unless --plot"
        );
    }
    // With --plot the chart is in the page too, and the same as the file.
    let dir = scratch("html");
    let path = dir.join("chart.svg");
    let page = run(
        QUERIES[0],
        &["--format", "html", "--plot", path.to_str().unwrap()],
    );
    let doc = Html::parse_document(&page);
    assert!(doc.errors.is_empty(), "{:?}", doc.errors);
    assert_eq!(doc.select(&select("figure > svg")).count(), 1);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(
        page.contains(svg.trim()),
        "the page shows the --plot file's chart"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Each CSV row under the header, as text fields.
fn csv_rows(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().unwrap().iter().map(String::from).collect();
    let rows = reader
        .records()
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect();
    (header, rows)
}

#[test]
fn csv_is_a_header_and_data_rows_only() {
    for query in QUERIES {
        let (header, rows) = csv_rows(&run(query, &["--format", "csv"]));
        assert!(!rows.is_empty(), "{query:?}");
        for row in &rows {
            assert_eq!(row.len(), header.len(), "{query:?}: {row:?}");
            for cell in &row[1..] {
                // Decimals to --digits (6 here, 3 for tables), nothing else.
                let (_, decimals) = cell.split_once('.').unwrap_or((cell, ""));
                assert!(cell.parse::<f64>().is_ok(), "{query:?}: {cell:?}");
                assert!(decimals.len() <= 6, "{query:?}: {cell:?}");
            }
        }
    }
}

#[test]
fn csv_reports_hold_distributions_whose_exact_probabilities_sum_to_one() {
    for query in [QUERIES[0], QUERIES[1], QUERIES[2]] {
        let (header, rows) = csv_rows(&run(query, &["--format", "csv", "--exact"]));
        assert_eq!(header, ["variable", "outcome", "probability", "at_least"]);
        let mut sums: BTreeMap<&str, BigRational> = BTreeMap::new();
        for row in &rows {
            assert!(row[1].parse::<i64>().is_ok(), "{query:?}: {row:?}");
            let p = BigRational::from_str(&row[2]).unwrap();
            *sums.entry(&row[0]).or_insert_with(BigRational::zero) += p;
        }
        assert!(
            sums.contains_key("damage")
                || sums.contains_key("wounds")
                || sums.contains_key("counters")
        );
        for (variable, sum) in sums {
            assert!(sum.is_one(), "{query:?}: {variable} sums to {sum}");
        }
    }
}

#[test]
fn comparison_csv_names_each_column_by_its_loadout() {
    let (header, rows) = csv_rows(&run(QUERIES[4], &["--format", "csv"]));
    assert_eq!(
        header,
        [
            "statistic",
            "A: Power 5, Accuracy 1 against Health 4, Armor",
            "B: Power 5, Critical Hit 2 against Health 4, Armor",
        ]
    );
    assert_eq!(rows[1][0], "chance to destroy");
    assert_eq!(rows[2][0], "P(>=1)");
}

#[test]
fn json_and_yaml_carry_the_schema_version() {
    for query in QUERIES {
        let json: serde_json::Value =
            serde_json::from_str(&run(query, &["--format", "json"])).unwrap();
        assert_eq!(json["schema"], 1, "{query:?}");
        let yaml: serde_json::Value =
            serde_yaml::from_str(&run(query, &["--format", "yaml"])).unwrap();
        assert_eq!(yaml["schema"], 1, "{query:?}");
    }
}

/// The LaTeX output of every query.
fn latex_outputs() -> Vec<String> {
    QUERIES
        .iter()
        .map(|q| run(q, &["--format", "latex", "--exact"]))
        .collect()
}

#[test]
fn latex_is_table_environments_with_caption_label_and_booktabs_rules() {
    for (query, tex) in QUERIES.iter().zip(&latex_outputs()) {
        let tables = tex.matches("\\begin{table}").count();
        assert!(tables >= 1, "{query:?}");
        for part in [
            "\\end{table}",
            "\\caption{",
            "\\label{tab:holodice-",
            "\\toprule",
            "\\bottomrule",
            "\\end{tabular}",
        ] {
            assert_eq!(tex.matches(part).count(), tables, "{query:?}: {part}");
        }
    }
}

#[test]
#[ignore = "runs pdflatex (Debian's texlive-latex-recommended): cargo test -- --ignored (CI does)"]
fn latex_outputs_compile_with_pdflatex() {
    // Each output on its own page of one document, as a user would \input them.
    let dir = scratch("latex");
    let body: String = latex_outputs()
        .iter()
        .map(|t| format!("{t}\\clearpage\n"))
        .collect();
    let doc = format!(
        "\\documentclass{{article}}\n\\usepackage{{booktabs}}\n\\begin{{document}}\n{body}\\end{{document}}\n"
    );
    std::fs::write(dir.join("doc.tex"), doc).unwrap();
    let out = std::process::Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", "doc.tex"])
        .current_dir(&dir)
        .output()
        .expect("pdflatex runs: install Debian's texlive-latex-base and texlive-latex-recommended");
    let log = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "pdflatex failed:\n{log}");
    assert!(!log.contains("Missing character"), "{log}");
    assert!(dir.join("doc.pdf").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
