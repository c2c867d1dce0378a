-- placeholder: replace with this migration's statements (split by --> statement-breakpoint)
SELECT 1;
