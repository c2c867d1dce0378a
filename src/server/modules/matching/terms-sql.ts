import { type SQL, sql } from "drizzle-orm";

/**
 * The full-text configuration of a person's language: PostgreSQL's parser splits, stems and drops the stop
 * words of what they wrote as their language does ("investors" and "investor" are one lexeme in English). A
 * language without a stemmer of its own is split on words only.
 */
function textSearchConfig(language: SQL): SQL {
  return sql`(case ${language} when 'en' then 'english' when 'es' then 'spanish' when 'ar' then 'arabic'
    when 'fr' then 'french' when 'de' then 'german' else 'simple' end)::regconfig`;
}

/** Each phrase of a JSON array of text as its lexemes, a JSON array of arrays in the phrases' order. */
export function phraseTerms(phrases: SQL, language: SQL): SQL {
  return sql`(select coalesce(jsonb_agg(to_jsonb(tsvector_to_array(to_tsvector(${textSearchConfig(language)}, t.phrase))) order by t.n), '[]'::jsonb)
    from jsonb_array_elements_text(${phrases}) with ordinality t(phrase, n))`;
}

/** The lexemes of a person's profession and bio. */
export function aboutTerms(profession: SQL, bio: SQL, language: SQL): SQL {
  return sql`tsvector_to_array(to_tsvector(${textSearchConfig(language)}, ${profession} || ' ' || ${bio}))`;
}
