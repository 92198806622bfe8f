// SPDX-License-Identifier: Apache-2.0 OR MIT

//! The build's `make rust-analyzer` check: what `rust-project.json` must say for the series.

use xtask::running::kernel::rust_project_problems;

fn project(sample_deps: &str, quote_edition: &str) -> String {
    format!(
        r#"{{"crates":[
            {{"display_name":"quote","edition":"{quote_edition}","deps":[]}},
            {{"display_name":"pin_init_internal","is_proc_macro":true,
              "proc_macro_dylib_path":"/o/rust/libpin_init_internal.so","deps":[]}},
            {{"display_name":"pin_init","deps":[{{"name":"pin_init_internal"}}]}},
            {{"display_name":"kernel","deps":[{{"name":"pin_init"}}]}},
            {{"display_name":"rust_minimal","root_module":"samples/rust/rust_minimal.rs",
              "deps":[{sample_deps}]}}
        ]}}"#
    )
}

const MAKEFILE: &str = "quote-edition := 2018\ncore-edition := $(if ...)\n";

#[test]
fn a_project_as_the_series_makes_it_passes() {
    let good = project(r#"{"name":"kernel"},{"name":"pin_init"}"#, "2018");
    assert_eq!(rust_project_problems(&good, MAKEFILE), Vec::<String>::new());
}

#[test]
fn a_user_of_kernel_without_pin_init_and_a_wrong_edition_are_named() {
    let bad = project(r#"{"name":"kernel"}"#, "2021");
    let p = rust_project_problems(&bad, MAKEFILE);
    assert!(
        p.iter().any(|p| p.contains("`rust_minimal` (samples/rust/rust_minimal.rs) uses `kernel` but has no dependency on `pin_init`")),
        "{p:?}"
    );
    assert!(
        p.iter()
            .any(|p| p.contains("crate `quote` has edition \"2021\"") && p.contains("with 2018")),
        "{p:?}"
    );
    let p = rust_project_problems(r#"{"crates":[]}"#, "");
    assert!(
        p.iter().any(|p| p.contains("no crate `pin_init_internal`")),
        "{p:?}"
    );
    assert!(p.iter().any(|p| p.contains("no crate `pin_init`")), "{p:?}");
    assert!(
        p.iter()
            .any(|p| p.contains("samples and drivers are missing")),
        "{p:?}"
    );
    assert_eq!(
        rust_project_problems("not json", ""),
        vec!["rust-project.json is not JSON: expected ident at line 1 column 2".to_string()]
    );
}
