/** What Link shows outside itself: host pages, their calendar and embed, the sitemap, robots.txt, event structured data. */
export { publicPagesRepository } from "./repository";
export { publicPagesService } from "./service";
