export { lifePageMeta, type PageMeta } from '#core/life/life-page-meta';
