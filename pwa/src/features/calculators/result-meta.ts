export { resultMeta, type PageMeta } from '#core/dates/until-wording';
