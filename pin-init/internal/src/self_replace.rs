// SPDX-License-Identifier: Apache-2.0 OR MIT

//! Replacing `Self` in field types, for items emitted outside the struct's own scope.

use syn::{visit_mut::VisitMut, QSelf, Type, TypePath};

/// Replaces `Self` in types by `self_ty` (`Self::X` becomes `<SelfTy>::X`).
pub(crate) struct ReplaceSelf<'a> {
    /// The type that `Self` stands for.
    pub(crate) self_ty: &'a Type,
}

impl ReplaceSelf<'_> {
    /// Returns `ty` with `Self` replaced.
    pub(crate) fn replaced(&mut self, ty: &Type) -> Type {
        let mut ty = ty.clone();
        self.visit_type_mut(&mut ty);
        ty
    }
}

impl VisitMut for ReplaceSelf<'_> {
    fn visit_type_mut(&mut self, ty: &mut Type) {
        if let Type::Path(TypePath { qself: None, path }) = ty {
            if path.leading_colon.is_none()
                && path.segments.first().is_some_and(|s| s.ident == "Self")
            {
                if path.segments.len() == 1 {
                    *ty = self.self_ty.clone();
                    return;
                }
                let mut rest = path.clone();
                rest.segments = path.segments.iter().skip(1).cloned().collect();
                rest.leading_colon = Some(Default::default());
                *ty = Type::Path(TypePath {
                    qself: Some(QSelf {
                        lt_token: Default::default(),
                        ty: Box::new(self.self_ty.clone()),
                        position: 0,
                        as_token: None,
                        gt_token: Default::default(),
                    }),
                    path: rest,
                });
            }
        }
        syn::visit_mut::visit_type_mut(self, ty);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;
    use syn::parse_quote;

    fn text(ty: &Type) -> String {
        quote!(#ty).to_string().replace(' ', "")
    }

    #[test]
    fn replaces_self_and_associated_paths() {
        let self_ty: Type = parse_quote!(Foo<T>);
        let mut r = ReplaceSelf { self_ty: &self_ty };
        let ty = r.replaced(&parse_quote!(Option<*mut Self>));
        assert_eq!(text(&ty), "Option<*mutFoo<T>>");
        let ty = r.replaced(&parse_quote!(Self::Item));
        assert_eq!(text(&ty), "<Foo<T>>::Item");
        let ty = r.replaced(&parse_quote!(u32));
        assert_eq!(text(&ty), "u32");
    }
}
