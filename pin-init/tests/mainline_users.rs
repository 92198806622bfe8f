// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Shapes of code that the users of pin-init in current mainline Linux (7.2) write, which the
//! kernel build of the 7.2 series compiles against this crate. Each test here stands for one
//! that failed to compile there before the crate accepted it.

use core::marker::PhantomData;
use pin_init::*;

/// Stands for `kernel::list::ListLinks<ID>` / `ListArcField<T, ID>`: a type with a const
/// generic id.
pub struct Links<const ID: u64> {
    next: usize,
}

impl<const ID: u64> Links<ID> {
    fn new() -> impl PinInit<Self> {
        init!(Self { next: ID as usize })
    }
}

pub struct Field<T, const ID: u64>(T);

/// Binder's `NodeRefInfo`: field types name associated constants of the struct through
/// `Self` in const generic arguments (`{ Self::LIST_NODE }`) and in an array length.
#[pin_data]
pub struct NodeRefInfo {
    debug_id: usize,
    node_ref: Field<u32, { Self::LIST_PROC }>,
    #[pin]
    links: Links<{ Self::LIST_NODE }>,
    ids: [u8; Self::IDS],
}

impl NodeRefInfo {
    const LIST_NODE: u64 = 0x2da1;
    const LIST_PROC: u64 = 0xd703;
    const IDS: usize = 3;

    fn new(debug_id: usize) -> impl PinInit<Self> {
        pin_init!(Self {
            debug_id,
            node_ref: Field(7),
            links <- Links::new(),
            ids: [1; Self::IDS],
        })
    }
}

#[test]
fn self_in_const_expressions_of_field_types() {
    stack_pin_init!(let info = NodeRefInfo::new(5));
    assert_eq!(info.debug_id, 5);
    assert_eq!(info.node_ref.0, 7);
    assert_eq!(info.links.next, 0x2da1);
    assert_eq!(info.ids, [1, 1, 1]);
    let projected = info.as_mut().project();
    assert_eq!(projected.links.next, 0x2da1);
}

/// The same in a self-referential struct, whose field types the macro reads and re-emits in
/// items outside the struct. (As in any struct, `Self` in a const expression needs a struct
/// without generic parameters.)
#[pin_data]
pub struct Views {
    first: &'buf [u8],
    buf: [u8; Self::LEN],
    tag: Field<PhantomData<u8>, { Self::TAG }>,
}

impl Views {
    const LEN: usize = 4;
    const TAG: u64 = 9;
}

#[test]
fn self_in_const_expressions_of_a_self_referential_struct() {
    stack_pin_init!(let v = pin_init!(Views {
        buf: [1, 2, 3, 4],
        first: &buf[..2],
        tag: Field(PhantomData),
    }));
    assert_eq!(v.first(), &[1, 2]);
}

/// `Self` inside an item of a const block keeps the item's meaning.
#[pin_data]
pub struct Inner {
    value: [u8; {
        struct Len;
        impl Len {
            const fn get() -> usize {
                2
            }
            const fn me() -> Self {
                Len
            }
        }
        let _ = Len::me();
        Len::get()
    }],
}

#[test]
fn self_inside_an_item_of_a_field_type_is_the_items() {
    stack_pin_init!(let i = pin_init!(Inner { value: [3; 2] }));
    assert_eq!(i.value, [3, 3]);
}
