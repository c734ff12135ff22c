//! What the HTTP layer adds to a query: the README's SWTCG attack answered through the server's
//! router in-process (JSON body, keys to arguments, clap, the gate's blocking thread, JSON out),
//! beside the same attack run directly and rendered as JSON. No target: the difference is the
//! request layer's cost.

use axum::body::Body;
use axum::http::Request;
use criterion::{criterion_group, criterion_main, Criterion};
use holodice::render::{Format, Options};
use holodice::report::swtcg::AttackAnswer;
use holodice::server::{router, Config};
use holodice_engine::swtcg::{attack::Scenario, unit::Unit};
use http_body_util::BodyExt;
use std::time::Duration;
use tower::ServiceExt;

const ATTACKER: &str = "Power 5, Accuracy 1, Critical Hit 2";
const DEFENDER: &str = "Health 4, Armor";

fn api(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let app = router(Config::default());
    let body = format!(r#"{{"attacker": "{ATTACKER}", "defender": "{DEFENDER}"}}"#);
    c.bench_function("README attack through the API router", |b| {
        b.iter(|| {
            runtime.block_on(async {
                let request = Request::post("/api/v1/swtcg/attack")
                    .body(Body::from(body.clone()))
                    .unwrap();
                let response = app.clone().oneshot(request).await.unwrap();
                response.into_body().collect().await.unwrap().to_bytes()
            })
        })
    });
    let scenario = Scenario {
        attacker: Unit::parse("attacker", ATTACKER).unwrap(),
        defender: Unit::parse("defender", DEFENDER).unwrap(),
        ..Scenario::default()
    };
    c.bench_function("README attack run directly, rendered as JSON", |b| {
        b.iter(|| {
            let result = holodice_engine::swtcg::attack::run(&scenario).unwrap();
            Format::Json
                .renderer()
                .render(&AttackAnswer::new(&scenario, &result), &Options::default())
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    targets = api
}
criterion_main!(benches);
