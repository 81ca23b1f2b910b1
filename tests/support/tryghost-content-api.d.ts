/** The few types the tests need from Ghost's Content API client (it ships none). */
declare module "@tryghost/content-api" {
  type Params = Record<string, unknown>;
  type Resource = {
    browse(options?: Params): Promise<unknown>;
    read(data: { id?: string; slug?: string }, options?: Params): Promise<unknown>;
  };
  type ContentApi = { posts: Resource; tags: Resource; authors: Resource; pages: Resource; settings: Pick<Resource, "browse"> };
  export default function GhostContentAPI(options: {
    url: string;
    key: string;
    version: string | boolean;
    userAgent?: string | boolean;
  }): ContentApi;
}
