"""grade: a key, submissions scored item by item, mistakes diagnosed, LMS files read and filled."""
