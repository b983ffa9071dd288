"""Running work in limited workers, caching results: what checking and grading share."""
