from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User


class SignupForm(UserCreationForm):
    email = forms.EmailField(required=True, help_text="Used only to reset your password.")

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def clean_email(self) -> str:
        # Never say whether an address is registered: that would tell anyone who has an
        # account here. Two accounts may share an address; a reset mail then names both.
        return self.cleaned_data["email"].strip().lower()
