-- placeholder migration slot (see the journal); replaced by its owner's statements
SELECT 1;
