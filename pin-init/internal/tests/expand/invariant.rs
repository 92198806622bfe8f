// SPDX-License-Identifier: Apache-2.0 OR MIT

// An invariant group: a dependent behind a lock, declared invariant, and a generic lifetime.
#[pin_data]
struct Channel<'a> {
    #[uses('names: invariant)]
    current: Mutex<&'names str>,
    names: Vec<String>,
    dev: &'a Device,
}

fn channel(dev: &Device) -> impl PinInit<Channel<'_>> + '_ {
    pin_init!(Channel {
        dev,
        names: vec![String::from("video")],
        current: Mutex::new(names[0].as_str()),
    })
}
