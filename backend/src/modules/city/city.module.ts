import { Global, Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Cities } from './application/cities';
import { CityRowSchema } from './infrastructure/city.schemas';
import { SqlCities } from './infrastructure/sql-cities';
import { AdminCitiesController } from './http/admin-cities.controller';

/** The cities the install serves; global, as every module that keeps records per city asks it (decision 0600). */
@Global()
@Module({
  imports: [MikroOrmModule.forFeature([CityRowSchema])],
  controllers: [AdminCitiesController],
  providers: [{ provide: Cities, useClass: SqlCities }],
  exports: [Cities],
})
export class CityModule {}
