import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PostLikeOncePerPerson1795438321030 implements MigrationInterface {
  name = 'PostLikeOncePerPerson1795438321030';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Likes stored twice before the constraint existed: keep each person's first, and recount the posts.
    await queryRunner.query(
      `DELETE FROM "post_likes" later USING "post_likes" earlier WHERE later."businessId" = earlier."businessId" AND later."postId" = earlier."postId" AND later."creator" = earlier."creator" AND later."_id" > earlier."_id"`,
    );
    await queryRunner.query(
      `UPDATE "forum_posts" post SET "numLikes" = (SELECT count(*) FROM "post_likes" l WHERE l."businessId" = post."businessId" AND l."postId" = post."_id")`,
    );
    await queryRunner.query(`ALTER TABLE "post_likes" ADD CONSTRAINT "UQ_post_likes_postId_creator" UNIQUE ("businessId", "postId", "creator")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "post_likes" DROP CONSTRAINT "UQ_post_likes_postId_creator"`);
  }
}
