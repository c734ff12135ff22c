//! HTML: a `<table>` with its `<caption>`, to paste into a page.

use super::{cell, mean, table_header, table_rows, Options, Renderer};
use crate::report::{Entry, Report, Value};
use crate::table::Table;

pub struct Html;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn table_html(out: &mut String, caption: &str, header: &[String], rows: &[Vec<String>]) {
    out.push_str(&format!(
        "<table>\n<caption>{}</caption>\n<thead><tr>",
        escape(caption)
    ));
    for h in header {
        out.push_str(&format!("<th>{}</th>", escape(h)));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for r in rows {
        out.push_str("<tr>");
        for (i, c) in r.iter().enumerate() {
            let tag = if i == 0 { "th" } else { "td" };
            out.push_str(&format!("<{tag}>{}</{tag}>", escape(c)));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
}

impl Renderer for Html {
    fn render(&self, report: &Report, options: &Options) -> String {
        let mut out = format!("<h1>{}</h1>\n", escape(&report.title));
        for e in &report.entries {
            entry(&mut out, e, options);
        }
        for n in &report.notes {
            out.push_str(&format!("<p class=\"note\">{}</p>\n", escape(n)));
        }
        out
    }

    fn render_table(&self, table: &Table, options: &Options) -> String {
        let mut out = String::new();
        let caption = format!("{}: {}", table.title, table.caption);
        table_html(
            &mut out,
            &caption,
            &table_header(table),
            &table_rows(table, options),
        );
        out
    }
}

fn entry(out: &mut String, e: &Entry, options: &Options) {
    match &e.value {
        Value::Dist(d) => {
            let rows: Vec<Vec<String>> = d
                .pmf()
                .into_iter()
                .zip(d.at_least_all())
                .map(|((x, p), (_, ge))| vec![x.to_string(), cell(&p, options), cell(&ge, options)])
                .collect();
            let caption = format!("{} (mean {})", e.label, mean(&d.mean(), options));
            let header = ["k".to_string(), "P(= k)".into(), "P(≥ k)".into()];
            table_html(out, &caption, &header, &rows);
        }
        Value::Prob(p) => out.push_str(&format!(
            "<p>{}: {}</p>\n",
            escape(&e.label),
            escape(&cell(p, options))
        )),
        Value::Int(i) => out.push_str(&format!("<p>{}: {i}</p>\n", escape(&e.label))),
        Value::Text(t) => out.push_str(&format!("<p>{}: {}</p>\n", escape(&e.label), escape(t))),
        Value::Group(g) => {
            out.push_str(&format!("<p>{}:</p>\n<ul>\n", escape(&e.label)));
            for item in g {
                let v = match &item.value {
                    Value::Prob(p) => cell(p, options),
                    Value::Int(i) => i.to_string(),
                    Value::Text(t) => t.clone(),
                    Value::Dist(d) => mean(&d.mean(), options),
                    Value::Group(_) => String::new(),
                };
                out.push_str(&format!(
                    "<li>{}: {}</li>\n",
                    escape(&item.label),
                    escape(&v)
                ));
            }
            out.push_str("</ul>\n");
        }
    }
}
