"""The languages a course can be written in: those with a complete set of message catalogs."""

# BCP 47 tags. A course's `lang` must be one of them.
LANGUAGES = ("en", "es")
